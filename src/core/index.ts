/** The pure core: no React, DOM or Node imports. The command line and the browser run this same code. */
export * from './errors';
export * from './model';
export * from './visibility';
export * from './text';
export * from './store';
export * from './naive';
export * from './context';
export * from './scenario';
export * from './replay';
export * from './timeline';
export * from './seedResult';
export * from './pyjson';
export * from './grade';
export * from './rules';
export * from './checks';
export * from './explain';
export * from './share';
