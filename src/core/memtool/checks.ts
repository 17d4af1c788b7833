/**
 * Checks over a memtool timeline, in the shape of the main checks (CheckResult): always-on invariants
 * judged for either side (the safe tools or the naive ones), and the scenario's `expect` assertions.
 */
import {
  type CheckResult,
  expectationResults,
  type Failure,
  invariantResult,
  listIds as list,
  sameIds as sameList,
} from '../checks/results';
import type { PathSegment } from '../scenario/scenario';
import type { TenantPrincipal } from './session';
import type { ToolResponse } from './tools';
import { isUnder } from './posix';
import { MEMORY_TREE } from './files';
import type { MemtoolEntry, MemtoolTimeline } from './replay';

export const MEMTOOL_INVARIANTS = [
  { id: 'no-foreign-records', title: "No response carries another tenant's record" },
  { id: 'identifiers-inert', title: 'The response is byte-identical with and without the injected identifiers' },
  { id: 'forget-no-oracle', title: "forget's messages do not reveal whether a record exists" },
  { id: 'paths-under-root', title: "Every opened path stays under the principal's root" },
  { id: 'fail-closed', title: 'A call with no principal reads nothing' },
] as const;
export type MemtoolInvariantId = (typeof MEMTOOL_INVARIANTS)[number]['id'];

/** Which tools to judge. */
export type MemtoolSide = 'safe' | 'naive';

const stepPath = (entry: MemtoolEntry): PathSegment[] => ['steps', entry.index - 1];
const who = (p: TenantPrincipal | null) => (p === null ? 'no principal' : `${p.org_id}/${p.user_id}`);
const short = (text: string) => `"${text.length > 80 ? `${text.slice(0, 77)}...` : text}"`;

const invariant = (id: MemtoolInvariantId, failures: Failure[]): CheckResult =>
  invariantResult(MEMTOOL_INVARIANTS, id, failures);

/**
 * Who a memory file belongs to, from its place under /memories/<org_id>/<user_id>: its organisation, or a
 * note for a path outside the tree, or for the tree's root and a file directly under it (in no organisation).
 */
function fileOrg(path: string): string {
  if (!isUnder(MEMORY_TREE, path)) return '(outside the memory tree)';
  const rest = path.slice(MEMORY_TREE.length + 1);
  const slash = rest.indexOf('/');
  return slash > 0 ? rest.slice(0, slash) : '(no organisation)';
}

/** What one step answered on one side, with the tenants of what it handed back. */
function answer(
  entry: MemtoolEntry,
  side: MemtoolSide,
): { response: ToolResponse; orgs: Array<[string, string]> } | null {
  const { outcome } = entry;
  switch (outcome.kind) {
    case 'searched': {
      const response = outcome[side].response;
      return { response, orgs: response.kind === 'ok' ? response.records.map((r) => [r.id, r.org_id]) : [] };
    }
    case 'viewed': {
      const { response, attempt } = outcome[side];
      const opened = response.kind === 'ok' ? (attempt?.opened ?? null) : null;
      return { response, orgs: opened !== null ? [[opened, fileOrg(opened)]] : [] };
    }
    case 'forgot':
      return { response: outcome[side].response, orgs: [] };
    default:
      return null;
  }
}

/** The always-on invariants, judged for one side. */
export function checkMemtoolInvariants(timeline: MemtoolTimeline, side: MemtoolSide = 'safe'): CheckResult[] {
  // The starting entry (index 0) made no call: answer() is null for it and it fails nothing.
  const steps = timeline.entries;
  const fail = (entry: MemtoolEntry, reason: string): Failure => ({ step: entry.index, reason, path: stepPath(entry) });
  return [
    invariant(
      'no-foreign-records',
      steps.flatMap((entry) => {
        const principal = 'principal' in entry.outcome ? entry.outcome.principal : null;
        return (answer(entry, side)?.orgs ?? [])
          .filter(([, org]) => org !== principal?.org_id)
          .map(([what, org]) => fail(entry, `${who(principal)} was handed ${what}, which belongs to ${org}`));
      }),
    ),
    invariant(
      'identifiers-inert',
      steps.flatMap((entry) => {
        if (entry.outcome.kind !== 'searched' || entry.outcome[side].identical) return [];
        const { response, withoutIdentifiers } = entry.outcome[side];
        return [
          fail(
            entry,
            `with the identifiers the answer is ${short(response.text)}; without them, ${short(withoutIdentifiers.text)}`,
          ),
        ];
      }),
    ),
    invariant(
      'forget-no-oracle',
      steps.flatMap((entry) => {
        if (entry.outcome.kind !== 'forgot') return [];
        const { response, missing } = entry.outcome[side];
        if (response.kind === 'ok' || (response.kind === missing.kind && response.text === missing.text)) return [];
        return [
          fail(
            entry,
            `the refusal ${short(response.text)} differs from the answer for a missing ID (${short(missing.text)}), so it tells the caller that ${String(entry.outcome.args.memory_id)} exists`,
          ),
        ];
      }),
    ),
    invariant(
      'paths-under-root',
      steps.flatMap((entry) => {
        if (entry.outcome.kind !== 'viewed') return [];
        const attempt = entry.outcome[side].attempt;
        if (attempt === null || attempt.opened === null || isUnder(attempt.root, attempt.opened)) return [];
        return [fail(entry, `${short(attempt.raw)} opened ${attempt.opened}, outside ${attempt.root}`)];
      }),
    ),
    invariant(
      'fail-closed',
      steps.flatMap((entry) => {
        const got = entry.step?.session === null ? answer(entry, side) : null;
        return got !== null && got.response.kind === 'ok'
          ? [fail(entry, `with no principal the call answered ${short(got.response.text)}`)]
          : [];
      }),
    ),
  ];
}

/** The scenario's own `expect` assertions, one result per step that states any. */
export function checkMemtoolExpectations(timeline: MemtoolTimeline): CheckResult[] {
  return expectationResults(timeline.entries, stepPath, (entry, expect, fail) => {
    for (const side of ['safe', 'naive'] as const) {
      const got = answer(entry, side);
      const text = expect[side];
      if (text !== undefined && got?.response.text !== text) {
        fail(side, `the ${side} response is ${short(got?.response.text ?? '')}; expected ${short(text)}`);
      }
      const ids = expect[`${side}_records`];
      const response = got?.response;
      const actual =
        response?.kind === 'ok' && entry.outcome.kind === 'searched' ? response.records.map((r) => r.id) : null;
      if (ids !== undefined && (actual === null || !sameList(actual, ids))) {
        fail(
          `${side}_records`,
          actual === null
            ? `the ${side} call returned no records: ${short(response?.text ?? '')}`
            : `the ${side} search returned ${list(actual)}; expected ${list(ids)}`,
        );
      }
    }
  });
}

/** Every check for one side: the invariants first, then the scenario's expectations (which name their side). */
export function runMemtoolChecks(timeline: MemtoolTimeline, side: MemtoolSide = 'safe'): CheckResult[] {
  return [...checkMemtoolInvariants(timeline, side), ...checkMemtoolExpectations(timeline)];
}
