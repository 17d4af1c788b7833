/** The suite's cases from the project's files: the canaries, fixtures/golden/ and the store lessons' scenarios. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LESSONS } from '../../src/core/lessons/catalogue';
import { scenarioSchema } from '../../src/core/scenario/scenario';
import { canaryCases, type TestCase } from '../../src/core/conformance/suite';

/**
 * The folder the suite's files are read from: CONFORM_ROOT when set, else the nearest folder above this
 * module that holds fixtures/golden: the project in a clone (cli/conform/, or the bundle in build/cli/),
 * the package once installed (scope-conform's bin/), whatever the working directory.
 */
export function suiteRoot(): string {
  const given = process.env.CONFORM_ROOT;
  if (given !== undefined && given !== '') return given;
  const here = dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'fixtures', 'golden'))) return dir;
    if (dirname(dir) === dir) throw new Error(`the suite's fixtures are missing: no fixtures/golden above ${here}`);
  }
}

export const CASE_KINDS = ['canaries', 'golden', 'lessons'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

function scenarioFile(path: string) {
  return scenarioSchema.parse(JSON.parse(readFileSync(join(suiteRoot(), path), 'utf8')));
}

/** Every golden case, in name order. */
export function goldenTestCases(): TestCase[] {
  return readdirSync(join(suiteRoot(), 'fixtures', 'golden'))
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
