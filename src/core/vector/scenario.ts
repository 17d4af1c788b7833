/**
 * The vector lesson's scenario: who asks, for how many, with which question, and how the learner's own
 * query is run (where the owner filter sits, the index or an exact scan, `hnsw.ef_search` and
 * `hnsw.iterative_scan`). Parsed once at the edge with a strict object, so a typo is a located problem.
 */
import * as z from '../zod';
import { type LessonParse, parseLesson } from '../router/lessonJson';
import { DIMENSIONS } from './data';

/** pgvector's default `hnsw.ef_search`: the candidates an HNSW scan keeps. */
export const DEFAULT_EF_SEARCH = 40;
export const MAX_K = 100;
export const MAX_EF_SEARCH = 1000;

export const ITERATIVE_SCANS = ['off', 'relaxed_order', 'strict_order'] as const;
export type IterativeScan = (typeof ITERATIVE_SCANS)[number];

/** Where the learner's query keeps other owners' rows out. */
export const FILTERS = ['sql', 'rls', 'application'] as const;
export type FilterPlace = (typeof FILTERS)[number];

export const vectorScenarioSchema = z.strictObject({
  title: z.optional(z.string()),
  principal: z
    .string()
    .check(
      z.regex(/^[a-z0-9-]+$/, 'expected an owner such as "alice" (lowercase letters, digits, hyphens)'),
      z.describe('who asks: alice, or user-01 … user-99'),
    ),
  k: z
    .number()
    .check(z.int(), z.gte(1), z.lte(MAX_K), z.describe(`how many nearest chunks to ask for (1 to ${MAX_K})`)),
  question: z
    .array(z.number().check(z.gte(-10), z.lte(10)))
    .check(
      z.length(DIMENSIONS, `expected ${DIMENSIONS} numbers`),
      z.describe(`the question's embedding: ${DIMENSIONS} numbers`),
    ),
  filter: z
    .enum(FILTERS)
    .check(
      z.describe(
        'your query: "sql" a WHERE on the owner, "rls" a row-level-security policy, "application" rank first and filter after',
      ),
    ),
  scan: z
    .enum(['index', 'exact'])
    .check(z.describe('your query: "index" the HNSW index, "exact" a sequential scan that ranks every row it keeps')),
  ef_search: z
    .number()
    .check(
      z.int(),
      z.gte(1),
      z.lte(MAX_EF_SEARCH),
      z.describe(`hnsw.ef_search: candidates the index keeps (pgvector's default ${DEFAULT_EF_SEARCH})`),
    ),
  iterative_scan: z
    .enum(ITERATIVE_SCANS)
    .check(z.describe('hnsw.iterative_scan (pgvector 0.8): "off", "relaxed_order" or "strict_order"')),
});

export type VectorScenario = z.infer<typeof vectorScenarioSchema>;

/** Parse the vector lesson's scenario text; every problem carries its path, line and column. */
export function parseVectorScenario(text: string): LessonParse<VectorScenario> {
  return parseLesson(vectorScenarioSchema, text);
}
