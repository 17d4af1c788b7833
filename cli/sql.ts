/** npm run --silent sql: the schema, reader role and row-level security policy as one PostgreSQL 15+ file. */
import { schemaFile } from '../src/core/sql';
import { EXIT, fail } from './io';

if (process.argv.length > 2) fail(EXIT.invalid, ['usage: npm run --silent sql > scope.sql']);
process.stdout.write(schemaFile());
