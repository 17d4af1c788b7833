/** The suite's cases from the project's files: the canaries, fixtures/golden/ and the store lessons' scenarios. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LESSONS } from '../../src/core/lessons/catalogue';
import { scenarioSchema } from '../../src/core/scenario/scenario';
import { canaryCases, type TestCase } from '../../src/core/conformance/suite';

/** Paths are the project's, read from where npm runs the command (as cli/tasks.ts reads them). */
const ROOT = process.env.CONFORM_ROOT ?? '.';

export const CASE_KINDS = ['canaries', 'golden', 'lessons'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

function scenarioFile(path: string) {
  return scenarioSchema.parse(JSON.parse(readFileSync(join(ROOT, path), 'utf8')));
}

/** Every golden case, in name order. */
export function goldenTestCases(): TestCase[] {
  return readdirSync(join(ROOT, 'fixtures', 'golden'))
    .filter((name) => name.endsWith('.scenario.json'))
    .sort()
    .map((file) => ({
      kind: 'golden',
      name: file.replace('.scenario.json', ''),
      scenario: scenarioFile(`fixtures/golden/${file}`),
    }));
}

/** Each store lesson's scenario, run with every rule on (its safe side). */
export function lessonTestCases(): TestCase[] {
  return LESSONS.filter((lesson) => lesson.engine === 'store').map((lesson) => ({
    kind: 'lesson',
    name: lesson.id,
    scenario: scenarioFile(
      lesson.file === 'scenario.json' ? 'fixtures/scenario.json' : `fixtures/lessons/${lesson.file}`,
    ),
  }));
}

/** The cases of the kinds asked for, canaries first. */
export function suiteCases(kinds: readonly CaseKind[] = CASE_KINDS): TestCase[] {
  return [
    ...(kinds.includes('canaries') ? canaryCases() : []),
    ...(kinds.includes('golden') ? goldenTestCases() : []),
    ...(kinds.includes('lessons') ? lessonTestCases() : []),
  ];
}
