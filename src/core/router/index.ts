/**
 * The memory router lesson (seed 003): contexts choose their banks before ranking. Pure, like the rest
 * of the core: the router, a filter-after-ranking baseline, the scenario format, replay and checks.
 */
export * from './router';
export * from './example';
export * from './naive';
export * from './format';
export * from './lessonJson';
export * from './scenario';
export * from './replay';
export * from './checks';
export * from './describe';
