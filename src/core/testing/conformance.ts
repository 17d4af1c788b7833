/**
 * Test helpers: an adapter called in this process as a Session, and the suite's cases read from the
 * project's fixtures. Node only (reads files), so only tests import it.
 */
import { LESSONS } from '../lessons/catalogue';
import { goldenCases, projectJson } from './fixtures';
import { scenarioSchema } from '../scenario/scenario';
import { parseAnswer, type RequestLine } from '../conformance/protocol';
import { ProtocolError, type Session } from '../conformance/run';
import { canaryCases, type TestCase } from '../conformance/suite';
import type { AnswerJson } from '../conformance/ownAdapter';

/** A handler of parsed lines as a session, each line and answer going through JSON as on the wire. */
export function inProcess(adapter: { handle(line: Record<string, unknown>): AnswerJson }): Session {
  return {
    async send(line: RequestLine) {
      const parsed = parseAnswer(JSON.stringify(adapter.handle(JSON.parse(JSON.stringify(line)))));
      if (parsed.kind === 'broken') throw new ProtocolError(parsed.message);
      return parsed.answer;
    },
  };
}

/** Every case of the suite, as the command line assembles them. */
export function allCases(): TestCase[] {
  const golden = goldenCases().map((name): TestCase => ({
    kind: 'golden',
    name,
    scenario: scenarioSchema.parse(projectJson(`fixtures/golden/${name}.scenario.json`)),
  }));
  const lessons = LESSONS.filter((l) => l.engine === 'store').map((lesson): TestCase => ({
    kind: 'lesson',
    name: lesson.id,
    scenario: scenarioSchema.parse(
      projectJson(lesson.file === 'scenario.json' ? 'fixtures/scenario.json' : `fixtures/lessons/${lesson.file}`),
    ),
  }));
  return [...canaryCases(), ...golden, ...lessons];
}
