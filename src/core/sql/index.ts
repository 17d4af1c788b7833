/** SQL for the scoped store: schema, row-level security policy and parameterised statements. Text only, no driver. */
export * from './policy';
export * from './schema';
export * from './statements';
