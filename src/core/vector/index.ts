/**
 * The vector lesson (pgvector in PGlite): where the owner filter sits when an HNSW index ranks first.
 * Pure, like the rest of the core: the data generator, the scenario, the queries as SQL, the reading of
 * their rows and plans, the checks and the goals. The database runs in src/db/vectorDb.ts.
 */
export * from './data';
export * from './scenario';
export * from './queries';
export * from './outcome';
export * from './run';
export * from './checks';
export * from './goals';
