import { describe, expect, it } from 'vitest';
import { SEED_TEXT, seedAnswerBook } from '../../state/seedData';
import type { RunReply } from '../protocol';
import { createSession } from './session';

type Ok = Extract<RunReply, { kind: 'ok' }>;

/** The seed with more steps appended. */
function seedWith(...steps: unknown[]): string {
  const scenario = JSON.parse(SEED_TEXT) as { steps: unknown[] };
  return JSON.stringify({ ...scenario, steps: [...scenario.steps, ...steps] });
}

const run = (text: string) => createSession(seedAnswerBook()).run({ text, rulesOff: [], mode: 'run' }) as Ok;

describe('a run’s screen carries the lists the page would otherwise derive', () => {
  it('names the users the store accepts, sorted, whatever their order of appearance', () => {
    const ran = run(
      seedWith(
        { op: 'write', as: ['zoe', 'task-1', 'planner'], scope: 'user', id: 'zoe-note', text: 'Zoe.' },
        { op: 'write', as: ['carol', 'task-2', 'planner'], scope: 'user', id: 'carol-note', text: 'Carol.' },
        { op: 'query', as: ['*', 'task-1', 'planner'], current: 'Anything?' },
      ),
    );
    expect(ran.kind).toBe('ok');
    // The step asking as "*" is refused: a name in the options, not a user.
    expect(ran.screen.options.users).toContain('*');
    expect(ran.screen.namedUsers).toEqual(['alice', 'bob', 'carol', 'zoe']);
  });

  it('lists the entries whose step was rejected, in order, and no other', () => {
    const plain = run(SEED_TEXT);
    expect(plain.screen.rejectedSteps).toEqual([]);
    const entries = plain.screen.entries;
    const ran = run(
      seedWith(
        // A principal never writes an app item; a caller's ID may not start with handoff-.
        { op: 'write', as: ['alice', 'task-9', 'planner'], scope: 'app', id: 'alice-app', text: 'Not allowed.' },
        { op: 'write', as: ['alice', 'task-9', 'planner'], scope: 'user', id: 'alice-ok', text: 'Fine.' },
        { op: 'write', as: ['bob', 'task-17', 'planner'], scope: 'user', id: 'handoff-9', text: 'Not allowed.' },
      ),
    );
    expect(ran.screen.rejectedSteps).toEqual([entries, entries + 2]);
    const words = ran.screen.words;
    const rejected = Array.from({ length: words.length }, (_, i) => words.at(i)!).filter((w) => w.rejected);
    expect(rejected.map((w) => w.index)).toEqual(ran.screen.rejectedSteps);
  });
});
