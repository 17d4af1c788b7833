/**
 * The session-scope lesson (seed 004): a memory tool whose scope key comes from the session, beside
 * the naive tool that takes it from the call. Pure: tools, path canonicalisation, scenario, replay, checks.
 */
export * from './session';
export * from './store';
export * from './tools';
export * from './posix';
export * from './files';
export * from './scenario';
export * from './replay';
export * from './checks';
export * from './describe';
