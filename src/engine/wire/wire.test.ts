import { describe, expect, it } from 'vitest';
import { rowsToArray } from '../../core/timeline/rows';
import { SEED_TEXT, seedAnswerBook } from '../../state/seedData';
import type { Request } from '../messages';
import type { RunReply, RunRequest } from '../protocol';
import { createSession } from '../worker/session';
import { wireReceiver, wireSender } from './wire';

describe('a run’s reply on the wire', () => {
  it('is leaner than the reply, and the page reads the same screen from it', () => {
    const session = createSession(seedAnswerBook());
    const run: RunRequest = { text: SEED_TEXT, rulesOff: ['taskCheck'], mode: 'run' };
    const reply = session.run(run) as Extract<RunReply, { kind: 'ok' }>;
    const request: Request = { id: 1, method: 'run', args: [run] };
    const posted = structuredClone(wireSender()(request, reply)) as Extract<RunReply, { kind: 'ok' }>;
    // The text is the page's own; the words are one string.
    expect(posted.screen.ranText).toBe('');
    expect(JSON.stringify(posted).length).toBeLessThan(JSON.stringify(reply).length - SEED_TEXT.length);
    const got = wireReceiver()('run', request.args, posted) as Extract<RunReply, { kind: 'ok' }>;
    expect(got.screen.ranText).toBe(SEED_TEXT);
    expect(rowsToArray(got.screen.words)).toEqual(reply.screen.words);
    expect({ ...got.screen, words: null }).toEqual({ ...reply.screen, words: null });
    expect(got.views).toEqual(reply.views);
  });

  it('an invalid run’s problems cross as they are', () => {
    const session = createSession(seedAnswerBook());
    const run: RunRequest = { text: '{', rulesOff: [], mode: 'run' };
    const reply = session.run(run);
    const request: Request = { id: 1, method: 'run', args: [run] };
    expect(wireReceiver()('run', request.args, structuredClone(wireSender()(request, reply)))).toEqual(reply);
  });
});
