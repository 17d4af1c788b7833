/** The shared memory store every tenant's records live in, and its namespaced search. Nothing here knows who is asking. */
import { comparePy } from '../python/strings';
import { tokenScore } from '../router/router';

/** One remembered fact, owned by a user in an organisation. */
export interface MemoryRecord {
  readonly id: string;
  readonly org_id: string;
  readonly user_id: string;
  readonly text: string;
}

/** A user's namespace inside their organisation (the seed's user_ns), kept as fields so no two can collide. */
export interface Namespace {
  readonly org_id: string;
  readonly user_id: string;
}

/** The seed's search_memory default. */
export const SEARCH_LIMIT = 10;

/**
 * Search one namespace, nearest first (the token overlap of the router lesson stands in for vector
 * distance, so weak matches still come back, as they would from a vector index), ties by ID.
 * The tenant filter is applied exactly as given: it is only as good as where its values came from.
 */
export function searchNamespace(
  records: readonly MemoryRecord[],
  namespace: Namespace,
  query: string,
  limit = SEARCH_LIMIT,
): MemoryRecord[] {
  return records
    .filter((record) => record.org_id === namespace.org_id && record.user_id === namespace.user_id)
    .map((record) => ({ record, score: tokenScore(query, record.text) }))
    .sort((a, b) => b.score - a.score || comparePy(a.record.id, b.record.id))
    .slice(0, Math.max(0, limit))
    .map(({ record }) => record);
}

/** The unscoped read by ID that forget_memory checks immediately afterwards. */
export function getById(records: readonly MemoryRecord[], id: string): MemoryRecord | null {
  return records.find((record) => record.id === id) ?? null;
}

/** The text a search tool returns to the model: the records as JSON, one array. */
export function renderRecords(records: readonly MemoryRecord[]): string {
  return JSON.stringify(records.map(({ id, org_id, user_id, text }) => ({ id, org_id, user_id, text })));
}
