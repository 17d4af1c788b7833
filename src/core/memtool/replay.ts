/**
 * Replay of a memtool scenario into a timeline of tool calls, each answered by the safe tool and the
 * naive one side by side. A search also records each tool's answer to the same call stripped of every
 * field the safe schema does not declare, so "inert" can be shown: the safe answers are byte-identical.
 */
import { assertNever } from '../store/errors';
import type { Problem } from '../scenario/scenario';
import { type TenantPrincipal, type Session, sessionFor } from './session';
import type { MemoryRecord } from './store';
import {
  SAFE_SEARCH_FIELDS,
  type ToolArgs,
  type ToolResponse,
  naiveForget,
  naiveSearch,
  safeForget,
  safeSearch,
  validatingSearch,
} from './tools';
import { type MemoryFiles, type ViewResult, naiveView, safeView } from './files';
import { type ContextMessage, type MemtoolScenario, type MemtoolStep, parseMemtoolScenario } from './scenario';

/** One search tool's answer to the call as made, and to the call without the undeclared fields. */
export interface SearchSide {
  response: ToolResponse;
  withoutIdentifiers: ToolResponse;
  /** Kind and text equal: the identifiers changed nothing. */
  identical: boolean;
}

/** One forget tool's answer, and its answer to the same call for an ID that does not exist. */
export interface ForgetSide {
  response: ToolResponse;
  missing: ToolResponse;
}

export type MemtoolOutcome =
  | { kind: 'started'; memories: readonly MemoryRecord[] }
  | {
      kind: 'searched';
      principal: TenantPrincipal | null;
      args: ToolArgs;
      stripped: ToolArgs;
      safe: SearchSide;
      validating: SearchSide;
      naive: SearchSide;
    }
  | {
      kind: 'forgot';
      principal: TenantPrincipal | null;
      args: ToolArgs;
      probe: string;
      safe: ForgetSide;
      naive: ForgetSide;
      deleted: MemoryRecord | null;
    }
  | { kind: 'viewed'; principal: TenantPrincipal | null; args: ToolArgs; safe: ViewResult; naive: ViewResult };

export interface MemtoolEntry {
  /** 0 is the starting store; K is the scenario's step K, counted from 1. */
  index: number;
  step: MemtoolStep | null;
  outcome: MemtoolOutcome;
  /** The store after this entry (arrays are never changed afterwards). */
  memories: readonly MemoryRecord[];
}

export interface MemtoolTimeline {
  sessions: ReadonlyArray<readonly [string, TenantPrincipal]>;
  /** The agent's context when it made the calls (the injected ticket is in here). */
  context: readonly ContextMessage[];
  files: MemoryFiles;
  entries: MemtoolEntry[];
}

export type MemtoolReplayOutcome = { kind: 'ok'; timeline: MemtoolTimeline } | { kind: 'invalid'; problems: Problem[] };

const same = (a: ToolResponse, b: ToolResponse) => a.kind === b.kind && a.text === b.text;

/** The call with only the fields the safe search declares. */
export function stripIdentifiers(args: ToolArgs): ToolArgs {
  return Object.fromEntries(Object.entries(args).filter(([key]) => SAFE_SEARCH_FIELDS.includes(key)));
}

/** An ID no record has, derived from `base` so the probe reads like the real call. */
export function absentId(records: readonly MemoryRecord[], base: unknown): string {
  let id = `${typeof base === 'string' ? base : 'memory'}-absent`;
  while (records.some((record) => record.id === id)) id += '-absent';
  return id;
}

function side(search: (args: ToolArgs) => ToolResponse, args: ToolArgs): SearchSide {
  const response = search(args);
  const withoutIdentifiers = search(stripIdentifiers(args));
  return { response, withoutIdentifiers, identical: same(response, withoutIdentifiers) };
}

function apply(
  records: readonly MemoryRecord[],
  files: MemoryFiles,
  session: Session,
  step: MemtoolStep,
): { outcome: MemtoolOutcome; records: readonly MemoryRecord[] } {
  const { principal } = session;
  const args = step.args as ToolArgs;
  switch (step.op) {
    case 'search_memory':
      return {
        records,
        outcome: {
          kind: 'searched',
          principal,
          args,
          stripped: stripIdentifiers(args),
          safe: side((a) => safeSearch(records, session, a), args),
          validating: side((a) => validatingSearch(records, session, a), args),
          naive: side((a) => naiveSearch(records, a), args),
        },
      };
    case 'forget_memory': {
      const probe = absentId(records, args.memory_id);
      const safe = safeForget(records, session, args);
      const naive = naiveForget(records, session, args);
      const missing = { ...args, memory_id: probe };
      const deleted = records.find((record) => !safe.records.includes(record)) ?? null;
      return {
        records: safe.records,
        outcome: {
          kind: 'forgot',
          principal,
          args,
          probe,
          deleted,
          safe: { response: safe.response, missing: safeForget(records, session, missing).response },
          naive: { response: naive.response, missing: naiveForget(records, session, missing).response },
        },
      };
    }
    case 'view_memory_file':
      return {
        records,
        outcome: {
          kind: 'viewed',
          principal,
          args,
          safe: safeView(files, session, args),
          naive: naiveView(files, session, args),
        },
      };
    default:
      return assertNever(step, 'step');
  }
}

/** Replay a validated scenario. Every call is answered; a refusal is a response, not a stop. */
export function replayMemtool(scenario: MemtoolScenario): MemtoolTimeline {
  const sessions = new Map(
    Object.entries(scenario.sessions).map(([name, p]) => [name, sessionFor({ ...p, roles: p.roles ?? [] })]),
  );
  const files: MemoryFiles = {
    files: new Map(Object.entries(scenario.files ?? {})),
    links: new Map(Object.entries(scenario.links ?? {})),
  };
  let records: readonly MemoryRecord[] = Object.freeze(scenario.memories.map((record) => Object.freeze({ ...record })));
  const entries: MemtoolEntry[] = [
    { index: 0, step: null, outcome: { kind: 'started', memories: records }, memories: records },
  ];
  scenario.steps.forEach((step, i) => {
    const session = step.session === null ? sessionFor(null) : sessions.get(step.session)!;
    const next = apply(records, files, session, step);
    records = Object.freeze([...next.records]);
    entries.push({ index: i + 1, step, outcome: next.outcome, memories: records });
  });
  return {
    sessions: [...sessions].map(([name, session]) => [name, session.principal!] as const),
    context: scenario.context ?? [],
    files,
    entries,
  };
}

/** Parse and replay memtool scenario text. */
export function replayMemtoolText(text: string): MemtoolReplayOutcome {
  const parsed = parseMemtoolScenario(text);
  return parsed.kind === 'ok' ? { kind: 'ok', timeline: replayMemtool(parsed.scenario) } : parsed;
}

/**
 * What the call of entry `index` would have answered had it run as `principal` (a view's "act as"),
 * against the store as it stood before that step. Null for the starting entry.
 */
export function callAs(
  timeline: MemtoolTimeline,
  index: number,
  principal: TenantPrincipal | null,
): MemtoolOutcome | null {
  const entry = timeline.entries[index];
  const before = timeline.entries[index - 1];
  // Stryker disable next-line ConditionalExpression: an entry with a step always has one before it; the test narrows the type
  if (entry?.step == null || before === undefined) return null;
  return apply(before.memories, timeline.files, sessionFor(principal), entry.step).outcome;
}
