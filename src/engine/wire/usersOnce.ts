/**
 * What a reply from the worker need not carry again. A scenario of thousands of users gives the "Who is
 * asking" picker thousands of options, the same array from one step to the next (principalChoices.ts
 * keeps it while no user begins); copied across the postMessage at every step, it was two thirds of a
 * step's reply (85 of 127 KB at 20,000 steps) and a new array for the picker to rebuild from. The worker
 * sends `users: null` for the options it sent last; the page puts back the ones it received last. Both
 * see every reply in order; a restarted worker sends them whole first.
 */
import type { RunReply, SentViews } from '../protocol';
import type { ChoiceList } from '../views';

/** The views a reply to `method` holds, or null: a valid run's and every act's. */
function viewsIn(method: string, value: unknown): SentViews | null {
  if (method === 'act') return value as SentViews;
  if (method === 'run') {
    const reply = value as RunReply;
    return reply.kind === 'ok' ? reply.views : null;
  }
  return null;
}

/** On the wire, the users' options are null when they are the ones sent last. */
type WireChoices = Omit<SentViews['choices'], 'users'> & { users: ChoiceList | null };

/** The worker's side: each reply with the users' options left out when they are the ones sent last. */
export function sendUsersOnce(): (method: string, value: unknown) => unknown {
  let last: ChoiceList | null = null;
  return (method, value) => {
    const views = viewsIn(method, value);
    if (views === null) return value;
    if (views.choices.users !== last) {
      last = views.choices.users;
      return value;
    }
    const choices: WireChoices = { ...views.choices, users: null };
    const lean = { ...views, choices };
    return method === 'act' ? lean : { ...(value as RunReply), views: lean };
  };
}

/** The page's side: the users' options last received, put back where a reply left them out. */
export function receiveUsersOnce(): (method: string, value: unknown) => unknown {
  let last: ChoiceList = { values: [], notes: [] };
  return (method, value) => {
    const views = viewsIn(method, value);
    if (views === null) return value;
    const choices = views.choices as WireChoices;
    if (choices.users === null) choices.users = last;
    else last = choices.users;
    return value;
  };
}
