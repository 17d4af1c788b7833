/** npm run --silent sql: the schema, reader role and row-level security policy as one PostgreSQL 15+ file. */
import { schemaFile } from '../src/core/sql';
import { commandArgs } from './args';
import { EXIT, fail } from './io';
import { SQL } from './spec/sql';

const { positionals } = commandArgs(SQL, process.argv.slice(2));
if (positionals.length > 0) fail(EXIT.invalid, ['usage: npm run --silent sql > scope.sql']);
process.stdout.write(schemaFile());
