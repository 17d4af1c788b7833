/** `sql`'s command line: its options and exit codes, read by cli/sql.ts, its --help and the README's check. */
import type { CommandSpec } from '../args';
import { EXIT } from '../io';

export const SQL: CommandSpec = {
  name: 'sql',
  usage: ['npm run --silent sql > scope.sql'],
  about: 'Print the schema, the reader role and the row-level security policy as one PostgreSQL 15+ file.',
  options: {},
  exits: [
    { code: EXIT.ok, meaning: 'the SQL is printed' },
    { code: EXIT.invalid, meaning: 'usage: an argument was given' },
  ],
};
