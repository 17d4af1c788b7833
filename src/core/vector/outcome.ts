/**
 * What one query did, read from the rows it returned and its EXPLAIN ANALYZE plan: how many rows the
 * principal got against k, how many rows of other owners left the database, how many the scorer ranked
 * (distance computed and ordered) before a filter dropped them, and where the filter sits in the plan.
 */
import { count } from '../text/plural';
import type { QuerySettings } from './queries';

/** A row as the database returned it. */
export interface VectorRow {
  id: number;
  owner: string;
  distance: number;
}

/** What the database reports for one query: its rows and its plan, one line per array entry. */
export interface RawOutcome {
  rows: VectorRow[];
  plan: string[];
}

/** Where the owner filter is applied. */
export type FilterSite = 'index-scan' | 'seq-scan' | 'application' | 'none';

export interface QueryOutcome {
  settings: QuerySettings;
  k: number;
  /** The rows the principal receives (after the application's filter, for a rank-first query). */
  rows: VectorRow[];
  /** The rows that left the database. */
  handed: VectorRow[];
  /** Rows of other owners that left the database (handed to the application's code). */
  othersHanded: number;
  /** Rows of other owners whose distance was computed and ranked before a filter dropped them. */
  othersScored: number;
  plan: string[];
  /** The plan line that filters by owner (0-based), or null when the plan has none. */
  filterLine: number | null;
  /** The plan node the filter belongs to ("Index Scan", "Seq Scan"), or null. */
  filterNode: string | null;
  site: FilterSite;
  /** "Rows Removed by Filter" of the filtering node (0 without one). */
  removedByFilter: number;
}

/** A plan node's name, from its line: "->  Index Scan using … on chunks (actual …)" gives "Index Scan". */
export function nodeName(line: string): string | null {
  const match = /^\s*(?:->\s+)?([A-Z][A-Za-z ]*?)(?:\s+using\b|\s+on\b|\s*\(|$)/.exec(line);
  return match === null || line.trim().includes(':') ? null : match[1]!.trim();
}

/** The node that owns plan line `at`: the nearest line above it, less indented, that names a node. */
function ownerNode(plan: readonly string[], at: number): string | null {
  const indent = (line: string) => line.length - line.trimStart().length;
  for (let i = at - 1; i >= 0; i--) {
    const name = nodeName(plan[i]!);
    if (name !== null && indent(plan[i]!) < indent(plan[at]!)) return name;
  }
  return null;
}

/** Read a query's rows and plan for `principal`. */
export function readOutcome(principal: string, k: number, settings: QuerySettings, raw: RawOutcome): QueryOutcome {
  const filterLine = raw.plan.findIndex((line) => /^\s*Filter: .*\bowner\b/.test(line));
  const filterNode = filterLine === -1 ? null : ownerNode(raw.plan, filterLine);
  const removed = raw.plan
    .slice(filterLine === -1 ? raw.plan.length : filterLine)
    .map((line) => /^\s*Rows Removed by Filter: (\d+)/.exec(line))
    .find((match) => match !== null);
  const removedByFilter = removed ? Number(removed[1]) : 0;
  const application = settings.filter === 'application';
  const site: FilterSite = application
    ? 'application'
    : filterNode === null
      ? 'none'
      : /Index Scan/.test(filterNode)
        ? 'index-scan'
        : 'seq-scan';
  const rows = application ? raw.rows.filter((row) => row.owner === principal) : raw.rows;
  const othersHanded = raw.rows.filter((row) => row.owner !== principal).length;
  // An index scan orders rows by distance before its filter; a sequential scan filters before the sort.
  const othersScored = othersHanded + (site === 'index-scan' ? removedByFilter : 0);
  return {
    settings,
    k,
    rows,
    handed: raw.rows,
    othersHanded,
    othersScored,
    plan: raw.plan,
    filterLine: filterLine === -1 ? null : filterLine,
    filterNode,
    site,
    removedByFilter,
  };
}

/** "2 of 10". */
export const returnedOfK = (outcome: QueryOutcome) => `${outcome.rows.length} of ${outcome.k}`;

/** Whether a query returned all k rows it was asked for. */
export const returnedK = (outcome: QueryOutcome) => outcome.rows.length >= outcome.k;

/** Where the filter sits, in the learner's words. */
export function siteWords(outcome: QueryOutcome): string {
  switch (outcome.site) {
    case 'application':
      return `after ranking, in the application: the database handed over ${count(outcome.handed.length, 'row')}, ${outcome.othersHanded} of other owners`;
    case 'index-scan':
      return `on the index scan, after the index found its candidates: it dropped ${count(outcome.removedByFilter, 'row')} of other owners the index had already ranked`;
    case 'seq-scan':
      return `on the sequential scan, before the sort ranks anything: other owners' rows are never scored`;
    case 'none':
      return 'nowhere in the plan';
  }
}
