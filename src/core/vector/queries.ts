/**
 * The five ways to ask the vector index for a principal's top k, and the learner's own, as SQL: the
 * statements a transaction sets first (SET LOCAL), the role it reads as, and the query. The database
 * runs them (src/db/vectorDb.ts); what the results and plans mean is read in outcome.ts.
 */
import { vectorLiteral } from './data';
import { DEFAULT_EF_SEARCH, type FilterPlace, type IterativeScan, type VectorScenario } from './scenario';

/** How one query is run. */
export interface QuerySettings {
  filter: FilterPlace;
  scan: 'index' | 'exact';
  ef_search: number;
  iterative_scan: IterativeScan;
}

export const STRATEGY_IDS = [
  'rank-then-filter',
  'where-over-index',
  'rls-over-index',
  'iterative-scan',
  'exact-scan',
] as const;
export type StrategyId = (typeof STRATEGY_IDS)[number];

export interface Strategy {
  id: StrategyId;
  title: string;
  settings: Omit<QuerySettings, 'ef_search'>;
}

/** The five strategies the lesson compares, side by side, in this order (numbered from 1). */
export const STRATEGIES: readonly Strategy[] = [
  {
    id: 'rank-then-filter',
    title: 'Rank first, then filter in the application',
    settings: { filter: 'application', scan: 'index', iterative_scan: 'off' },
  },
  {
    id: 'where-over-index',
    title: 'WHERE owner = … over the HNSW index',
    settings: { filter: 'sql', scan: 'index', iterative_scan: 'off' },
  },
  {
    id: 'rls-over-index',
    title: 'The same under a row-level-security policy',
    settings: { filter: 'rls', scan: 'index', iterative_scan: 'off' },
  },
  {
    id: 'iterative-scan',
    title: 'With hnsw.iterative_scan = strict_order',
    settings: { filter: 'sql', scan: 'index', iterative_scan: 'strict_order' },
  },
  {
    id: 'exact-scan',
    title: 'The exact scan',
    settings: { filter: 'sql', scan: 'exact', iterative_scan: 'off' },
  },
];

/** A strategy's number as the lesson shows it (1 to 5), or 0 when there is none. */
export function strategyNumber(id: StrategyId): number {
  return STRATEGIES.findIndex((strategy) => strategy.id === id) + 1;
}

/** One query for the database to run: settings first, then the query as `role` (null: the table's owner). */
export interface VectorQuery {
  setup: string[];
  role: 'reader' | null;
  sql: string;
}

/** The reader role the row-level-security policy applies to (the table's owner bypasses it). */
export const READER_ROLE = 'reader';
/** The setting the policy reads the principal from. */
export const PRINCIPAL_SETTING = 'app.principal';

/** A string as an SQL literal. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The SQL for one query: the principal's top k by distance to the question, run as `settings` say. */
export function vectorQuery(
  scenario: Pick<VectorScenario, 'principal' | 'k' | 'question'>,
  settings: QuerySettings,
): VectorQuery {
  const q = `${literal(vectorLiteral(scenario.question))}::halfvec`;
  const setup = [`SET LOCAL hnsw.ef_search = ${settings.ef_search}`];
  if (settings.iterative_scan !== 'off') setup.push(`SET LOCAL hnsw.iterative_scan = ${settings.iterative_scan}`);
  if (settings.scan === 'exact') setup.push('SET LOCAL enable_indexscan = off');
  if (settings.filter === 'rls') setup.push(`SET LOCAL ${PRINCIPAL_SETTING} = ${literal(scenario.principal)}`);
  const where = settings.filter === 'sql' ? ` WHERE owner = ${literal(scenario.principal)}` : '';
  return {
    setup,
    role: settings.filter === 'rls' ? READER_ROLE : null,
    sql: `SELECT id, owner, (embedding <-> ${q})::real AS distance FROM chunks${where} ORDER BY embedding <-> ${q} LIMIT ${scenario.k}`,
  };
}

/** A strategy's settings, at the scenario's ef_search (each strategy but the learner's keeps the default). */
export function strategySettings(strategy: Strategy, efSearch = DEFAULT_EF_SEARCH): QuerySettings {
  return { ...strategy.settings, ef_search: efSearch };
}

/** The learner's own query's settings. */
export function ownSettings(scenario: VectorScenario): QuerySettings {
  return {
    filter: scenario.filter,
    scan: scenario.scan,
    ef_search: scenario.ef_search,
    iterative_scan: scenario.iterative_scan,
  };
}

/** The schema the shipped database was made with (scripts/vector-dump.ts), shown in the lesson. */
export const VECTOR_SCHEMA = [
  'CREATE EXTENSION vector;',
  'CREATE TABLE chunks (id int PRIMARY KEY, owner text NOT NULL, embedding halfvec(16) NOT NULL);',
  'CREATE INDEX chunks_embedding_idx ON chunks USING hnsw (embedding halfvec_l2_ops);',
  `CREATE ROLE ${READER_ROLE};`,
  `GRANT SELECT ON chunks TO ${READER_ROLE};`,
  'ALTER TABLE chunks ENABLE ROW LEVEL SECURITY;',
  `CREATE POLICY owner_reads ON chunks FOR SELECT TO ${READER_ROLE} USING (owner = current_setting('${PRINCIPAL_SETTING}'));`,
];
