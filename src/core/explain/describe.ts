/**
 * The human sentences of a timeline: what each step does and what came of it, and whose an item is.
 * Pure words over core values; nothing in this file may decide visibility (visibility.ts does).
 */
import { assertNever } from '../store/errors';
import type { Item, Principal } from '../store/entities';
import type { Step } from '../scenario/scenario';
import type { Outcome, TimelineEntry } from '../replay/replayText';
import { stepPosition } from '../timeline/stepNumbers';
import { digits } from '../text/digits';

/** "bob's planner" */
export function actor(user: string, agent: string): string {
  return `${user}'s ${agent}`;
}

/** "a user item", "an agent item": by sound, so a list, not a vowel test. */
function article(scope: string): string {
  return ['app', 'agent'].includes(scope) ? `an ${scope}` : `a ${scope}`;
}

function list(ids: readonly string[]): string {
  if (ids.length === 0) return 'nothing';
  if (ids.length === 1) return ids[0]!;
  return `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`;
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * How much of a question a sentence quotes. A question may be as long as any text (core/limits.ts); a
 * sentence quoting a million characters made every step to it lay them all out (0.4 s). The request
 * itself shows the whole question, cut short with a button to show it all.
 */
export const QUOTED_CHARS = 200;

/** “text”, or its first QUOTED_CHARS and its length: “what is the…” (1,000,000 characters). */
export function quote(text: string): string {
  if (text.length <= QUOTED_CHARS) return `“${text}”`;
  // Never cut a surrogate pair in half.
  const end = /[\ud800-\udbff]/.test(text[QUOTED_CHARS - 1]!) ? QUOTED_CHARS - 1 : QUOTED_CHARS;
  return `“${text.slice(0, end)}…” (${digits(text.length)} characters)`;
}

/** What a step asks for, in the words a person reads: "bob's planner writes a task item bob-export-plan". */
export function describeStep(step: Step | null): string {
  if (step === null) return 'The configuration sets the app items';
  switch (step.op) {
    case 'write':
      return `${actor(step.as[0], step.as[2])} writes ${article(step.scope)} item ${step.id}`;
    case 'handoff':
      return `${actor(step.as[0], step.as[2])} hands ${list(step.items)} to the ${step.to}`;
    case 'query':
      return `${actor(step.as[0], step.as[2])} asks in ${step.as[1]}: ${quote(step.current)}`;
    case 'close_task':
      return `${step.user} closes ${step.task}`;
    case 'import':
      return `A system import stores the user item ${step.id} with no owner`;
    case 'forget_user':
      return `${step.user} asks to be forgotten`;
    default:
      return assertNever(step, 'step');
  }
}

/** The requester of a step, "bob/task-17/planner", or null for configuration and close_task. */
export function stepPrincipal(step: Step | null): Principal | null {
  if (step === null || !('as' in step)) return null;
  const [user, task, agent] = step.as;
  return { user, task, agent };
}

/** What came of a step: where an item went, what a query held, or why the store said no. */
export function describeOutcome(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'configured':
      return outcome.items.length === 0
        ? 'No app items.'
        : `${count(outcome.items.length, 'app item')} (${list(outcome.items.map((i) => i.id))}): every principal reads ${outcome.items.length === 1 ? 'it' : 'them'}.`;
    case 'written':
      return `Stored in ${ownerLabel(outcome.item)}. The store took the owner from the principal, not from the step.`;
    case 'handed-off':
      return `Copied as ${list(outcome.items.map((i) => i.id))} into the ${outcome.target.agent}'s own scope (${ownerOf(outcome.items[0]!)}).`;
    case 'queried': {
      const leaked = outcome.leaked.length;
      const owners = [...new Set(outcome.leaked.map((item) => `${item.user}'s`))];
      return `The scoped request holds ${count(outcome.context.item_ids.length, 'item')}. The naive list holds ${count(outcome.naive.length, 'item')}, ${leaked === 0 ? "none of them another user's" : `${leaked} of them another user's (${list(owners)}): a leak to ${outcome.principal.user}`}.`;
    }
    case 'closed':
      return outcome.removed.length === 0
        ? 'Nothing to delete.'
        : `Deleted ${count(outcome.removed.length, 'item')}: ${list(outcome.removed.map((i) => i.id))}.`;
    case 'imported':
      return "Stored with no owner: no user, task or agent. No principal's keys match it.";
    case 'forgotten': {
      const others = [...new Set(outcome.removed.filter((i) => i.user !== outcome.user).map((i) => `${i.user}'s`))];
      return outcome.removed.length === 0
        ? 'Nothing to delete.'
        : `Deleted ${count(outcome.removed.length, 'item')}: ${list(outcome.removed.map((i) => i.id))}${others.length === 0 ? '' : `, ${list(others)} among them`}.`;
    }
    case 'rejected':
      return `Rejected: ${outcome.reason}. The store is unchanged.`;
    default:
      return assertNever(outcome, 'outcome');
  }
}

/** Both sentences for one timeline entry, and its position for a person ("Step 3 of 12"). */
export function describeEntry(
  entry: TimelineEntry,
  last: number,
): { position: string; summary: string; result: string } {
  return {
    position: entry.index === 0 ? 'Configuration' : stepPosition(entry.index, last),
    summary: describeStep(entry.step),
    result: describeOutcome(entry.outcome),
  };
}

/** The owner shown for a user item stored without one (an import). */
export const NO_OWNER = 'no owner';

/** Whose an item is: "everyone", "bob", "bob/task-17", "bob/task-17/planner"; "no owner" for an import. */
export function ownerOf(item: Item): string {
  switch (item.scope) {
    case 'app':
      return 'everyone';
    case 'user':
      return item.user ?? NO_OWNER;
    case 'task':
      return `${item.user}/${item.task}`;
    case 'agent':
      return `${item.user}/${item.task}/${item.agent}`;
    default:
      return assertNever(item.scope, 'scope');
  }
}

/** Scope and owner in words, never colour alone: "task · bob/task-17". */
export function ownerLabel(item: Item): string {
  return `${item.scope} · ${ownerOf(item)}`;
}

/** Where a handoff copy came from: "a copy of bob-export-plan, handed over by the planner"; null for other items. */
export function provenance(item: Item): string | null {
  const [kind, sender, what] = item.source.split(':');
  if (kind !== 'handoff' || sender === undefined || what === undefined) return null;
  return what === 'brief' ? `the brief of the ${sender}'s handoff` : `a copy of ${what}, handed over by the ${sender}`;
}
