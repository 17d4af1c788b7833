/**
 * One answer of an adapter against the reference's: accepted or rejected as the reference did (the
 * wording is not compared), and for a query the same item IDs, in order unless the run allows any
 * order, and the same messages when the adapter sends them.
 */
import type { Message } from '../store/context';
import type { Answer } from './protocol';
import type { Expected } from './reference';

export type MismatchKind =
  /** The reference refused the step; the adapter accepted it. */
  | 'accepted'
  /** The reference accepted the step; the adapter refused it. */
  | 'refused'
  /** The answer is of the wrong kind for the step ({"ok":true} to a query, items to a write). */
  | 'wrong-answer'
  | 'items'
  | 'order'
  | 'messages'
  /** `{"unsupported":true}` to reset, write or query, which every store must offer. */
  | 'unsupported';

export interface Mismatch {
  kind: MismatchKind;
  /** What the adapter answered, in a line. */
  adapter: string;
  /** What the reference did, in a line. */
  reference: string;
  /** Item IDs the adapter returned and the reference did not. */
  extra: string[];
  /** Item IDs the reference returned and the adapter did not. */
  missing: string[];
}

export interface CompareOptions {
  /** Compare a query's items as a multiset, not a list. */
  anyOrder?: boolean;
}

function ids(list: readonly string[]): string {
  return `[${list.map((id) => JSON.stringify(id)).join(', ')}]`;
}

function describeAnswer(answer: Answer): string {
  switch (answer.kind) {
    case 'ok':
      return 'accepted it ({"ok":true})';
    case 'error':
      return `refused it (${JSON.stringify(answer.error.slice(0, 200))})`;
    case 'items':
      return `returned items ${ids(answer.items)}`;
    case 'unsupported':
      return 'said it does not offer this operation ({"unsupported":true})';
  }
}

export function describeExpected(expected: Expected): string {
  switch (expected.kind) {
    case 'accepted':
      return 'accepted it';
    case 'rejected':
      return `refused it: ${expected.reason}`;
    case 'items':
      return `returned items ${ids(expected.items)}`;
  }
}

/** Each element of `a` not matched by one in `b`, counting repeats. */
function without(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const id of b) left.set(id, (left.get(id) ?? 0) + 1);
  const out: string[] = [];
  for (const id of a) {
    const n = left.get(id) ?? 0;
    if (n > 0) left.set(id, n - 1);
    else out.push(id);
  }
  return out;
}

function sameMessages(a: readonly Message[], b: readonly Message[]): boolean {
  return a.length === b.length && a.every((m, i) => m.role === b[i]!.role && m.content === b[i]!.content);
}

/** The first line where two messages differ, for the report: the role, else the first line that differs. */
function messageDifference(adapter: readonly Message[], reference: readonly Message[]): string {
  // Called only when they differ, so some message does: in its role, its text or by being one too many.
  for (let i = 0; ; i++) {
    const a = adapter[i];
    const r = reference[i];
    if (a === undefined || r === undefined) return `sent ${adapter.length} messages, not ${reference.length}`;
    if (a.role !== r.role)
      return `sent message ${i + 1} with role ${JSON.stringify(a.role)}, not ${JSON.stringify(r.role)}`;
    if (a.content !== r.content) {
      const aLines = a.content.split('\n');
      const rLines = r.content.split('\n');
      let at = 0;
      while (aLines[at] === rLines[at]) at++;
      const sent = `sent message ${i + 1} (${r.role})`;
      const mine = aLines[at];
      const theirs = rLines[at];
      if (mine === undefined) return `${sent} without line ${at + 1} ${JSON.stringify(theirs)}`;
      if (theirs === undefined)
        return `${sent} with a line ${at + 1} ${JSON.stringify(mine)} the reference does not send`;
      return `${sent} with line ${at + 1} ${JSON.stringify(mine)}, not ${JSON.stringify(theirs)}`;
    }
  }
}

/** null when the answer conforms; otherwise what differs. */
export function compareAnswer(expected: Expected, answer: Answer, options: CompareOptions = {}): Mismatch | null {
  const mismatch = (kind: MismatchKind, extra: string[] = [], missing: string[] = []): Mismatch => ({
    kind,
    adapter: describeAnswer(answer),
    reference: describeExpected(expected),
    extra,
    missing,
  });
  // Reached only for reset, write and query (the run stops at an optional operation the store lacks).
  if (answer.kind === 'unsupported') return mismatch('unsupported');
  if (expected.kind === 'rejected') return answer.kind === 'error' ? null : mismatch('accepted');
  if (answer.kind === 'error') return mismatch('refused');
  if (expected.kind === 'accepted') return answer.kind === 'ok' ? null : mismatch('wrong-answer');
  if (answer.kind !== 'items') return mismatch('wrong-answer');
  const extra = without(answer.items, expected.items);
  const missing = without(expected.items, answer.items);
  if (extra.length > 0 || missing.length > 0) return mismatch('items', extra, missing);
  if (!options.anyOrder && answer.items.some((id, i) => id !== expected.items[i])) return mismatch('order');
  if (answer.messages !== null && !sameMessages(answer.messages, expected.messages)) {
    return { ...mismatch('messages'), adapter: messageDifference(answer.messages, expected.messages) };
  }
  return null;
}
