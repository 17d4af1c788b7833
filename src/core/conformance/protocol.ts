/**
 * The adapter protocol: what the suite sends an implementation under test, one JSON line at a time,
 * and how its answers are read. An answer is untrusted data: bounded before it is parsed, and only
 * the four shapes below are accepted. Nothing here runs a process or opens a connection.
 */
import type { Message } from '../store/context';
import type { Scenario, Step } from '../scenario/scenario';

/**
 * The first line of every scenario: start a fresh store with these agents and app items, and with the
 * scenario's semantic cache when it has one (a store without any cache may ignore it: it never serves a
 * request built for someone else).
 */
export interface ResetLine {
  op: 'reset';
  agents: Scenario['agents'];
  configuration: Scenario['configuration'];
  semanticCache?: Scenario['semanticCache'];
}

/** A scenario's step as it stands in the file, without its `expect` (the playground's own assertion). */
export type StepLine = Omit<Step, 'expect'>;

export type RequestLine = ResetLine | StepLine | { op: 'end' };

/** The line ending a run: the adapter exits (the suite may send many scenarios, each opened by reset). */
export const END_LINE: RequestLine = Object.freeze({ op: 'end' });

/** What an adapter may answer to one line. */
export type Answer =
  | { kind: 'ok' }
  | { kind: 'error'; error: string }
  | { kind: 'items'; items: string[]; messages: Message[] | null }
  /** `{"unsupported":true}`: the store does not offer this operation (only an OPTIONAL_OPS one may be). */
  | { kind: 'unsupported' };

/**
 * The operations a store may lack: a scenario that needs one it answers `{"unsupported":true}` to is
 * not applicable to it, and the rules checked only through such scenarios are n/a. Every store must
 * offer reset, write and query: without them nothing can be checked.
 */
export const OPTIONAL_OPS = ['handoff', 'close_task', 'import', 'forget_user'] as const;
export type OptionalOp = (typeof OPTIONAL_OPS)[number];

export function isOptionalOp(op: string): op is OptionalOp {
  return (OPTIONAL_OPS as readonly string[]).includes(op);
}

/** Why a rule or case is n/a, in the report's words: "the store has no import". */
export function lacksWords(ops: readonly string[]): string {
  return `the store has no ${ops.join(' and no ')}`;
}

/** The longest answer line read, in characters: an adapter cannot make the suite hold more. */
export const MAX_ANSWER_CHARS = 1_000_000;

export type ParsedAnswer = { kind: 'answer'; answer: Answer } | { kind: 'broken'; message: string };

/** The reset line for a scenario. */
export function resetLine(scenario: Pick<Scenario, 'agents' | 'configuration' | 'semanticCache'>): ResetLine {
  const line: ResetLine = { op: 'reset', agents: scenario.agents, configuration: scenario.configuration };
  if (scenario.semanticCache !== undefined) line.semanticCache = scenario.semanticCache;
  return line;
}

/** A step as sent: every field of the file's step but `expect`. */
export function stepLine(step: Step): StepLine {
  const { expect: _expect, ...line } = step;
  return line;
}

/** The lines of one scenario, reset first (END_LINE is sent once, after the last scenario of a run). */
export function scenarioLines(scenario: Scenario): RequestLine[] {
  return [resetLine(scenario), ...scenario.steps.map(stepLine)];
}

/** A line as it goes on the wire: JSON without a newline in it. */
export function encodeLine(line: RequestLine): string {
  return JSON.stringify(line);
}

/** Up to `max` characters of untrusted text, for a message a person reads. */
export function excerpt(text: string, max = 120): string {
  const flat = JSON.stringify(text.length > max ? `${text.slice(0, max)}` : text);
  return text.length > max ? `${flat.slice(0, -1)}…" (${text.length} characters)` : flat;
}

function isMessage(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null) return false;
  const { role, content } = value as Record<string, unknown>;
  return (role === 'system' || role === 'user') && typeof content === 'string';
}

/**
 * Read one answer line: `{"ok":true}`, `{"error":"…"}`, `{"items":[…]}` (with optional "messages") or
 * `{"unsupported":true}`.
 */
export function parseAnswer(line: string): ParsedAnswer {
  if (line.length > MAX_ANSWER_CHARS)
    return { kind: 'broken', message: `answered a line of ${line.length} characters (at most ${MAX_ANSWER_CHARS})` };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { kind: 'broken', message: `answered something that is not JSON: ${excerpt(line)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { kind: 'broken', message: `answered ${excerpt(line)}, not a JSON object` };
  const answer = value as Record<string, unknown>;
  if (typeof answer.error === 'string') return { kind: 'answer', answer: { kind: 'error', error: answer.error } };
  if (answer.ok === true) return { kind: 'answer', answer: { kind: 'ok' } };
  if (answer.unsupported === true) return { kind: 'answer', answer: { kind: 'unsupported' } };
  if (Array.isArray(answer.items) && answer.items.every((id) => typeof id === 'string')) {
    const messages = answer.messages;
    if (messages !== undefined && !(Array.isArray(messages) && messages.every(isMessage)))
      return {
        kind: 'broken',
        message: `answered "messages" that are not a list of {role, content}: ${excerpt(line)}`,
      };
    return { kind: 'answer', answer: { kind: 'items', items: answer.items as string[], messages: messages ?? null } };
  }
  return {
    kind: 'broken',
    message: `answered ${excerpt(line)}: expected {"ok":true}, {"error":"…"}, {"items":[…]} or {"unsupported":true}`,
  };
}
