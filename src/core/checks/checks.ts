/**
 * Checks over a timeline: always-on invariants that hold for every scenario when every rule is on,
 * and the scenario's own `expect` assertions. The invariants are stated from provenance and scope keys
 * (not by calling the store), so they still judge correctly when a learner switches a rule off.
 */
import type { Item } from '../store/entities';
import { principalName } from '../store/entities';
import { itemBlocksOf } from '../store/context';
import type { PathSegment } from '../scenario/scenario';
import type { ItemLife, QueryResult, Timeline, TimelineEntry } from '../replay/replayText';
import { candidatesAt } from '../timeline/timelineIndex';
import { decide } from '../store/visibility';
import { ALL_RULES, RULE_INFO } from '../store/rules';
import {
  type CheckResult,
  expectationResults,
  type Failure,
  invariantResult,
  listIds as list,
  sameIds,
} from './results';

export const INVARIANTS = [
  { id: 'no-other-user-data', title: "No scoped request carries another user's data" },
  { id: 'task-boundary', title: 'A task sees only its own task items (a new task sees only app and user items)' },
  { id: 'agent-boundary', title: 'An agent sees only its own agent items (a sub-agent sees only what it was handed)' },
  { id: 'declared-reads', title: RULE_INFO.declaredReads.name },
  { id: 'no-deleted-items', title: 'No request carries an item that was deleted' },
  { id: 'one-block-per-item', title: 'Item text cannot close its block or forge another item' },
  { id: 'rejections-change-nothing', title: 'A rejected step changes nothing' },
  { id: 'errors-reveal-nothing', title: "An error never reveals another user's item" },
  { id: 'complete-requests', title: 'A request holds every item the principal may read' },
] as const;
export type InvariantId = (typeof INVARIANTS)[number]['id'];

export type { CheckResult, Failure } from './results';

type Served = {
  entry: TimelineEntry;
  outcome: QueryResult;
  items: readonly Item[];
  principal: { user: string; task: string; agent: string };
};

function queries(timeline: Timeline): Served[] {
  const out: Served[] = [];
  for (const entry of timeline.entries) {
    const { outcome } = entry;
    if (outcome.kind === 'queried')
      out.push({ entry, outcome, items: outcome.context.items, principal: outcome.principal });
  }
  return out;
}

/** Where a failure is marked: its step (the configuration has no request, refusal or expectation to fail). */
const stepPath = (entry: TimelineEntry): PathSegment[] => ['steps', entry.index - 1];

const invariant = (id: InvariantId, failures: Failure[]): CheckResult => invariantResult(INVARIANTS, id, failures);

/**
 * The items a delete took that it did not name, judged from their own keys: a forgotten user's items
 * are that user's, a closed task's are in that task. With every rule on there are none. `named` is whom
 * the delete named: "alice" or "alice's task-1".
 */
function strayedDeletes(timeline: Timeline): Array<{ at: number; named: string; item: Item }> {
  // Stryker disable next-line ArrayDeclaration: a stray string entry has no `at`, so every reader filters it out
  const out: Array<{ at: number; named: string; item: Item }> = [];
  for (const { index, outcome } of timeline.entries) {
    if (outcome.kind === 'forgotten') {
      for (const item of outcome.removed)
        if (item.user !== outcome.user) out.push({ at: index, named: outcome.user, item });
    } else if (outcome.kind === 'closed') {
      const named = `${outcome.user}'s ${outcome.task}`;
      for (const item of outcome.removed)
        if (item.user !== outcome.user || item.task !== outcome.task) out.push({ at: index, named, item });
    }
  }
  return out;
}

/** The always-on checks. */
export function checkInvariants(timeline: Timeline): CheckResult[] {
  const lives = new Map<number, ItemLife>(timeline.lives.map((life) => [life.item.seq, life]));
  const agents = new Map(timeline.agents.map((agent) => [agent.name, agent]));
  const served = queries(timeline);
  const strayed = strayedDeletes(timeline);
  const per = (test: (s: Served, item: Item) => string | null): Failure[] =>
    served.flatMap((s) =>
      s.items.flatMap((item) => {
        const reason = test(s, item);
        return reason === null
          ? []
          : [{ step: s.entry.index, reason: `${principalName(s.principal)}: ${reason}`, path: stepPath(s.entry) }];
      }),
    );

  // One thunk per invariant, judged in this order.
  const judged: Array<() => CheckResult> = [
    () =>
      invariant(
        'no-other-user-data',
        per(({ principal }, item) => {
          // Every item a request holds was held by the store, so it has a life.
          const writer = lives.get(item.seq)!.writer;
          // An item stored without an owner (an import) is no user's: not the asker's either.
          if (item.scope !== 'app' && item.user === null) return `${item.id} has no owner: it is no user's to read`;
          if (item.user !== null && item.user !== principal.user) return `${item.id} belongs to ${item.user}`;
          if (writer !== null && writer !== principal.user) return `${item.id} holds data written by ${writer}`;
          return null;
        }),
      ),
    () =>
      invariant(
        'task-boundary',
        per(({ principal }, item) =>
          (item.scope === 'task' || item.scope === 'agent') && item.task !== principal.task
            ? `${item.id} is a ${item.task} item, the request is for ${principal.task}`
            : null,
        ),
      ),
    () =>
      invariant(
        'agent-boundary',
        per(({ principal }, item) =>
          item.scope === 'agent' && item.agent !== principal.agent
            ? `${item.id} belongs to the ${item.agent}, the request is for the ${principal.agent}`
            : null,
        ),
      ),
    () =>
      invariant(
        'declared-reads',
        per(({ principal }, item) =>
          // A query by an agent the scenario does not configure is refused, so a served one has its agent.
          !agents.get(principal.agent)!.reads.includes(item.scope)
            ? `${item.id} is a ${item.scope} item and the ${principal.agent} does not read that scope`
            : null,
        ),
      ),
    () =>
      invariant(
        'no-deleted-items',
        per(({ entry }, item) => {
          const removedAt = lives.get(item.seq)!.removedAt;
          // Stryker disable next-line EqualityOperator: a query deletes nothing, so no item is removed at its own entry
          return removedAt !== null && removedAt <= entry.index ? `${item.id} was deleted at step ${removedAt}` : null;
        }),
      ),
    () =>
      invariant(
        'one-block-per-item',
        served.flatMap(({ entry, outcome, items, principal }) => {
          const content = outcome.context.messages[1].content;
          const blocks = items.filter((item) => item.scope !== 'app').length;
          // Tags are counted in the item blocks only: the question may hold "<item " as plain text.
          const region = itemBlocksOf(content, outcome.question);
          const opens = region === null ? NaN : region.split('<item ').length - 1;
          const closes = region === null ? NaN : region.split('</item>').length - 1;
          if (opens === blocks && closes === blocks) return [];
          const reason =
            region === null
              ? `${blocks} items, but the request is not laid out as preamble, item blocks, question`
              : `${blocks} items rendered as ${opens} opening and ${closes} closing tags`;
          return [{ step: entry.index, reason: `${principalName(principal)}: ${reason}`, path: stepPath(entry) }];
        }),
      ),
    () =>
      invariant(
        'rejections-change-nothing',
        timeline.entries.flatMap((entry, i) => {
          if (entry.outcome.kind !== 'rejected') return [];
          // The configuration (entry 0) is never rejected: a rejected entry has one before it.
          const before = timeline.entries[i - 1]!;
          return before.version === entry.version && before.size === entry.size
            ? []
            : [
                {
                  step: entry.index,
                  reason: `the step was rejected, yet the store went from ${before.size} items (version ${before.version}) to ${entry.size} (version ${entry.version})`,
                  path: stepPath(entry),
                },
              ];
        }),
      ),
    () =>
      invariant(
        'errors-reveal-nothing',
        timeline.entries.flatMap((entry) => {
          // The store's typed refusal, never its wording: rewording the message must not silence this check.
          const { outcome, step } = entry;
          if (outcome.kind !== 'rejected' || outcome.code !== 'duplicateId') return [];
          // A refused step is a step, and the store names the duplicate's ID; an import names no user.
          const taken = outcome.itemId!;
          if (!('as' in step!)) return [];
          const user = step.as[0];
          return candidatesAt(timeline, entry.index - 1, user).some((item) => item.id === taken)
            ? []
            : [
                {
                  step: entry.index,
                  reason: `"${outcome.reason}" tells ${user} that another user holds ${taken}`,
                  path: stepPath(entry),
                },
              ];
        }),
      ),
    () =>
      invariant(
        'complete-requests',
        served.flatMap(({ entry, items, principal }) => {
          const agent = agents.get(principal.agent)!;
          const got = new Set(items.map((item) => item.seq));
          // Whatever the rules, a principal reads only app items and its own user's: those are all it could miss.
          const missing = candidatesAt(timeline, entry.index, principal.user).filter(
            (item) => decide(item, principal, agent, ALL_RULES).visible && !got.has(item.seq),
          );
          // And the items of theirs a delete naming someone else took: they are still the principal's to read
          // (decide, every rule on, gives a principal no other user's item).
          const lost = strayed.filter(
            ({ at, item }) =>
              // Stryker disable next-line EqualityOperator: a query deletes nothing, so no delete is at its own entry
              at <= entry.index && decide(item, principal, agent, ALL_RULES).visible && !got.has(item.seq),
          );
          if (missing.length === 0 && lost.length === 0) return [];
          const ids = [...missing, ...lost.map(({ item }) => item)].map((item) => item.id);
          const named = new Map(lost.map((each) => [each.at, each.named]));
          const how =
            named.size === 0
              ? ''
              : ` (${[...named].map(([k, whom]) => `the delete at step ${k} named ${whom}`).join(', ')})`;
          return [
            {
              step: entry.index,
              reason: `${principalName(principal)} may read ${ids.join(', ')}, but the request left ${ids.length === 1 ? 'it' : 'them'} out${how}`,
              path: stepPath(entry),
            },
          ];
        }),
      ),
  ];
  return judged.map((judge) => judge());
}

/** The scenario's own `expect` assertions, one result per step that states any. */
export function checkExpectations(timeline: Timeline): CheckResult[] {
  return expectationResults(timeline.entries, stepPath, ({ outcome }, expect, fail) => {
    if (expect.rejected !== undefined) {
      if (outcome.kind !== 'rejected') fail('rejected', 'expected the store to reject this step, but it was accepted');
      else if (!outcome.reason.includes(expect.rejected))
        fail('rejected', `rejected with "${outcome.reason}", expected a reason containing "${expect.rejected}"`);
    }
    if (expect.accepted && outcome.kind === 'rejected')
      fail('accepted', `expected the step to be accepted, but: ${outcome.reason}`);
    const wantsQuery = expect.visible ?? expect.includes ?? expect.excludes ?? expect.naive_leaks;
    if (wantsQuery !== undefined && outcome.kind !== 'queried') {
      fail(
        Object.keys(expect)[0] ?? 'visible',
        outcome.kind === 'rejected'
          ? `the query was rejected: ${outcome.reason}`
          : 'only a query has a request to check',
      );
    }
    if (outcome.kind === 'queried') {
      const ids = outcome.context.item_ids;
      if (expect.visible && !sameIds(ids, expect.visible))
        fail('visible', `the request holds ${list(ids)}; expected ${list(expect.visible)}`);
      const absent = (expect.includes ?? []).filter((id) => !ids.includes(id));
      if (absent.length > 0) fail('includes', `the request lacks ${list(absent)}`);
      const present = expect.excludes?.filter((id) => ids.includes(id)) ?? [];
      if (present.length > 0) fail('excludes', `the request holds ${list(present)}`);
      const leaks = outcome.leaked.map((item) => item.id);
      if (expect.naive_leaks && !sameIds(leaks, expect.naive_leaks)) {
        fail('naive_leaks', `the naive list leaks ${list(leaks)}; expected ${list(expect.naive_leaks)}`);
      }
    }
  });
}

/** Every check: the invariants first, then the scenario's expectations. */
export function runChecks(timeline: Timeline): CheckResult[] {
  return [...checkInvariants(timeline), ...checkExpectations(timeline)];
}
