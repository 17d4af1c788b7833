import { describe, expect, it } from 'vitest';
import { SEED_TEXT, seedAnswerBook } from '../../state/seedData';
import type { RunReply, SentViews } from '../protocol';
import { createSession } from '../worker/session';
import { receiveUsersOnce, sendUsersOnce } from './usersOnce';

/** The seed scenario with `extra` more users, each writing one note: a picker of many names. */
function manyUsers(extra: number): string {
  const scenario = JSON.parse(SEED_TEXT) as { steps: unknown[] };
  const writes = Array.from({ length: extra }, (_, i) => ({
    op: 'write',
    as: [`user-${i}`, 'task-1', 'planner'],
    scope: 'user',
    id: `note-${i}`,
    text: `note ${i}`,
  }));
  // Two more steps by a user already begun: the picker's options stay the same across them.
  const more = [1, 2].map((n) => ({ ...writes[0], id: `more-${n}` }));
  return JSON.stringify({ ...scenario, steps: [...scenario.steps, ...writes, ...more] });
}

describe('the users’ options cross the worker’s postMessage once', () => {
  it('leaves out options sent already, and the page puts the same ones back', () => {
    const session = createSession(seedAnswerBook());
    const send = sendUsersOnce();
    const receive = receiveUsersOnce();
    // Across a structured clone, as a postMessage copies.
    const cross = <T>(method: string, value: T): { wire: T; got: T } => {
      const wire = structuredClone(send(method, value)) as T;
      return { wire, got: receive(method, structuredClone(wire)) as T };
    };
    const ran = session.run({ text: manyUsers(300), rulesOff: [], mode: 'run' }) as Extract<RunReply, { kind: 'ok' }>;
    expect(ran.kind).toBe('ok');
    const first = cross('run', ran);
    expect(first.wire.views.choices.users.values).toHaveLength(ran.views.choices.users.values.length);
    expect(first.got.views.choices.users.values.length).toBeGreaterThan(300);

    const last = ran.screen.entries - 1;
    const moved = session.act({ kind: 'step', index: last });
    const second = cross<SentViews>('act', moved);
    // Past the last user's first step, the options stay the same: left out on the wire, put back on the page.
    const next = session.act({ kind: 'move', by: -1 });
    expect(next.choices.users).toBe(moved.choices.users);
    const third = cross<SentViews>('act', next);
    expect(third.wire.choices.users).toBeNull();
    expect(third.got.choices.users).toEqual(next.choices.users);
    expect(third.got.choices.users).toBe(second.got.choices.users);
    expect(third.got.choices.tasks).toEqual(next.choices.tasks);
  });

  it('sends the options whole again once they change', () => {
    const session = createSession(seedAnswerBook());
    const send = sendUsersOnce();
    const ran = session.run({ text: manyUsers(3), rulesOff: [], mode: 'run' }) as Extract<RunReply, { kind: 'ok' }>;
    send('run', ran);
    // Before the new users' steps each of them notes its first step; at the end none does.
    const end = session.act({ kind: 'step', index: ran.screen.entries - 1 });
    const start = session.act({ kind: 'step', index: 1 });
    expect(end.choices.users).not.toEqual(start.choices.users);
    expect((send('act', end) as SentViews).choices.users).toEqual(end.choices.users);
    expect((send('act', start) as SentViews).choices.users).toEqual(start.choices.users);
  });
});
