/**
 * The access picture at one step: the principals the scenario names (rows) by the items in the store
 * (columns, grouped by scope), each cell the verdict of `decide`, the one read rule. Nothing here decides
 * visibility: a cell is decide's verdict under the timeline's rules, and with a rule switched off its
 * verdict with every rule on beside it, so the cells the switch flips are marked by decide too.
 *
 * A big scenario has thousands of principals and tens of thousands of items, so a matrix is lazy: a step
 * costs a few binary searches per scope, and a cell is decided when it is read (a window at a time).
 */
import { type Agent, type Item, type Principal, SCOPES, type Scope } from '../store/entities';
import type { ItemLife, Timeline } from '../replay/replayText';
import { ALL_RULES, RULES, type Rule } from '../store/rules';
import { decide, type Verdict } from '../store/visibility';
import { namedPrincipals } from '../timeline/principals';
import { countAdded, livesInOrder } from '../timeline/timelineIndex';
import { keepRecent } from '../timeline/recent';
import { reasonFor } from './explain';

export type AccessCell =
  | {
      kind: 'verdict';
      principal: Principal;
      item: Item;
      /** decide's verdict under the timeline's rules. */
      verdict: Verdict;
      /** decide's verdict with every rule on; the same object as `verdict` when no rule is off. */
      allOn: Verdict;
      /** A switched-off rule changes in/out here: `verdict.visible !== allOn.visible`. */
      flipped: boolean;
      /** The verdict in words (explain's reasonFor). */
      because: string;
    }
  /** The principal's agent is not configured: the store refuses its requests, so it reads nothing. */
  | { kind: 'unknown-agent'; principal: Principal; item: Item; because: string };

/** The columns of one scope: `count` columns from `start`. */
export interface ColumnGroup {
  scope: Scope;
  start: number;
  count: number;
}

export interface AccessMatrix {
  /** The timeline entry the matrix shows the store after. */
  at: number;
  rows: readonly Principal[];
  /** How many items are in the store after `at`: the number of columns. */
  columns: number;
  /** One group per scope, app, user, task, agent, in that order (a group may be empty). */
  groups: readonly ColumnGroup[];
  /** The rules switched off in the timeline (in RULES order); empty means no cell can be flipped. */
  rulesOff: readonly Rule[];
  /** The item of column `column`: items by scope, each scope in insertion order. */
  item(column: number): Item;
  /** The cell of principal `row` and item `column`, decided now. */
  cell(row: number, column: number): AccessCell;
}

/** One scope's lives, in insertion order, with what a step needs to count and pick them. */
interface ScopeLives {
  lives: ItemLife[];
  addedAt: Int32Array;
  /** removedAt of the lives ever removed, ascending. */
  removedAt: Int32Array;
  /** For removedAt[j]: the removed life's place in `lives`. */
  removedPlace: Int32Array;
  /** By how many are removed: those places sorted, each minus its rank (see `pick`). */
  gaps: Map<number, Int32Array>;
}

/** The rows and per-scope columns of one view of the matrix: everyone's, or one user's. */
interface MatrixPart {
  rows: Principal[];
  agents: Array<Agent | undefined>;
  scopes: ScopeLives[];
}

interface MatrixIndex {
  timeline: Timeline;
  all: MatrixPart;
  /** Each user's lives, in insertion order; made on the first view of one user. */
  byUser?: Map<string, ItemLife[]>;
  /** The last few users' views. */
  users: Map<string, MatrixPart>;
}

const matrixIndexes = new WeakMap<Timeline, MatrixIndex>();

function scopeLives(lives: readonly ItemLife[]): ScopeLives {
  const removed = lives
    .map((life, place) => ({ at: life.removedAt, place }))
    .filter((r): r is { at: number; place: number } => r.at !== null)
    .sort((a, b) => a.at - b.at); // stable: lives removed at one entry stay in place order
  return {
    lives: [...lives],
    addedAt: Int32Array.from(lives, (life) => life.addedAt),
    removedAt: Int32Array.from(removed, (r) => r.at),
    removedPlace: Int32Array.from(removed, (r) => r.place),
    gaps: new Map(),
  };
}

function part(timeline: Timeline, rows: Principal[], scopes: ScopeLives[]): MatrixPart {
  const agents = new Map(timeline.agents.map((agent) => [agent.name, agent]));
  return { rows, agents: rows.map((p) => agents.get(p.agent)), scopes };
}

function indexOf(timeline: Timeline): MatrixIndex {
  let index = matrixIndexes.get(timeline);
  if (index === undefined) {
    const { lives } = livesInOrder(timeline);
    const scopes = SCOPES.map((scope) => scopeLives(lives.filter((life) => life.item.scope === scope)));
    index = { timeline, all: part(timeline, namedPrincipals(timeline), scopes), users: new Map() };
    matrixIndexes.set(timeline, index);
  }
  return index;
}

/** Each user's lives, in insertion order (app items and ownerless imports are no user's). */
function livesByUser(timeline: Timeline): Map<string, ItemLife[]> {
  const byUser = new Map<string, ItemLife[]>();
  for (const life of livesInOrder(timeline).lives) {
    // Stryker disable next-line ConditionalExpression: a user's view never asks for the items of no user
    if (life.item.user === null) continue;
    let own = byUser.get(life.item.user);
    if (own === undefined) byUser.set(life.item.user, (own = []));
    own.push(life);
  }
  return byUser;
}

/** One user's view: that user's principals, by the app items and that user's items. */
function userPart(index: MatrixIndex, user: string): MatrixPart {
  return keepRecent(index.users, user, 8, () => {
    index.byUser ??= livesByUser(index.timeline);
    const own = index.byUser.get(user) ?? [];
    const scopes = SCOPES.map((scope, g) =>
      scope === 'app' ? index.all.scopes[g]! : scopeLives(own.filter((life) => life.item.scope === scope)),
    );
    return part(
      index.timeline,
      index.all.rows.filter((p) => p.user === user),
      scopes,
    );
  });
}

/** How many of the ascending `values` are at most `at`. */
function atMost(values: Int32Array, at: number): number {
  return countAdded(values.length, (i) => values[i]!, at);
}

/**
 * The place in `s.lives` of the i-th item present, when the first `removed` removals have happened.
 * The present places are those not removed: with r_0 < r_1 < ... the removed places, the answer is
 * i + #{j : r_j - j <= i}, one binary search over r_j - j (ascending, since the r_j are distinct).
 */
function pick(s: ScopeLives, removed: number, i: number): number {
  // Stryker disable next-line ConditionalExpression: a shortcut; with no removal the gaps are empty and i is the place
  if (removed === 0) return i;
  const gaps = keepRecent(s.gaps, removed, 4, () => {
    const places = s.removedPlace.slice(0, removed).sort();
    return places.map((place, rank) => place - rank);
  });
  return i + atMost(gaps, i);
}

/**
 * The matrix after entry `at` (clamped to the timeline): every principal by every item, or with `user`,
 * only that user's principals by the app items and that user's items (every other item is out for them,
 * whatever the rules: decide checks the user first, and no switch turns that off).
 */
export function accessMatrixAt(timeline: Timeline, at: number, user: string | null = null): AccessMatrix {
  const whole = indexOf(timeline);
  const index = user === null ? whole.all : userPart(whole, user);
  const entry = Math.max(0, Math.min(at, timeline.entries.length - 1));
  const rules = timeline.rules;
  const rulesOff = RULES.filter((rule) => !rules[rule]);
  const counts = index.scopes.map((s) => {
    const removed = atMost(s.removedAt, entry);
    return { removed, count: atMost(s.addedAt, entry) - removed };
  });
  const groups: ColumnGroup[] = [];
  let start = 0;
  SCOPES.forEach((scope, g) => {
    groups.push({ scope, start, count: counts[g]!.count });
    start += counts[g]!.count;
  });
  const item = (column: number): Item => {
    if (!Number.isInteger(column) || column < 0 || column >= start)
      throw new RangeError(`no column ${column}: the store holds ${start} items after entry ${entry}`);
    let g = 0;
    while (column >= groups[g]!.start + groups[g]!.count) g++;
    const s = index.scopes[g]!;
    return s.lives[pick(s, counts[g]!.removed, column - groups[g]!.start)]!.item;
  };
  return {
    at: entry,
    rows: index.rows,
    columns: start,
    groups,
    rulesOff,
    item,
    cell(row, column) {
      const principal = index.rows[row];
      if (principal === undefined) throw new RangeError(`no row ${row}: the scenario names ${index.rows.length}`);
      const it = item(column);
      const agent = index.agents[row];
      if (agent === undefined)
        return {
          kind: 'unknown-agent',
          principal,
          item: it,
          because: `unknown agent ${principal.agent}: it reads nothing`,
        };
      const verdict = decide(it, principal, agent, rules);
      const allOn = rulesOff.length === 0 ? verdict : decide(it, principal, agent, ALL_RULES);
      return {
        kind: 'verdict',
        principal,
        item: it,
        verdict,
        allOn,
        flipped: verdict.visible !== allOn.visible,
        because: reasonFor(verdict, it, principal),
      };
    },
  };
}

/** Whether a cell reads as in: decide's verdict is visible (an unknown agent reads nothing). */
export function cellIn(cell: AccessCell): boolean {
  return cell.kind === 'verdict' && cell.verdict.visible;
}

/**
 * Every flipped cell of a matrix, as [row, column] pairs, when it has at most `limit` cells; null for a
 * bigger one, where counting would decide every cell (a window shows its own flipped cells instead).
 */
export function flippedCells(matrix: AccessMatrix, limit = 20_000): Array<[number, number]> | null {
  if (matrix.rulesOff.length === 0) return [];
  if (matrix.rows.length * matrix.columns > limit) return null;
  const out: Array<[number, number]> = [];
  for (let r = 0; r < matrix.rows.length; r++)
    for (let c = 0; c < matrix.columns; c++) {
      const cell = matrix.cell(r, c);
      // Stryker disable next-line ConditionalExpression: an unknown agent's cell has no `flipped`, so it is never pushed
      if (cell.kind === 'verdict' && cell.flipped) out.push([r, c]);
    }
  return out;
}
