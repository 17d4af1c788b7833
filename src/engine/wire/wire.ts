/**
 * What the worker's replies look like on the wire, and back (worker.ts sends, client.ts receives):
 * a run's words packed (packedWords.ts), its text left out (the page sent it), and the users' options
 * sent once (usersOnce.ts). The in-process engine (local.ts) sends nothing and uses none of this.
 */
import { type PackedWords, packWords, unpackWords } from './packedWords';
import type { RunReply, RunRequest } from '../protocol';
import type { Request } from '../messages';
import { receiveUsersOnce, sendUsersOnce } from './usersOnce';
import type { EntryWords } from '../views';

/** The worker's side: each reply as it is posted. */
export function wireSender(): (request: Request, value: unknown) => unknown {
  const users = sendUsersOnce();
  return (request, value) => {
    const lean = users(request.method, value);
    if (request.method !== 'run') return lean;
    const reply = lean as RunReply;
    if (reply.kind !== 'ok') return reply;
    const words = packWords(reply.screen.words as EntryWords[]);
    return { ...reply, screen: { ...reply.screen, ranText: '', words } };
  };
}

/** The page's side: each reply as the engine's interface gives it, from what was posted and what was asked. */
export function wireReceiver(): (method: string, args: readonly unknown[], value: unknown) => unknown {
  const users = receiveUsersOnce();
  return (method, args, value) => {
    const whole = users(method, value);
    if (method !== 'run') return whole;
    const reply = whole as RunReply;
    if (reply.kind !== 'ok') return reply;
    const sent = args[0] as RunRequest;
    reply.screen.ranText = sent.text;
    reply.screen.words = unpackWords(reply.screen.words as unknown as PackedWords);
    return reply;
  };
}
