/**
 * npm run sql, run as the README would: what it prints is a file PostgreSQL loads (here PGlite, on the
 * server in src/db/pg.test.ts), and once loaded its policy scopes reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { schemaFile } from '../src/core/sql';
import { npmRun, type Run } from './testing';

describe('npm run sql', () => {
  let printed: Run;
  let db: PGlite;
  beforeAll(async () => {
    [printed, db] = await Promise.all([npmRun('sql'), PGlite.create()]);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('prints the schema file and nothing else', () => {
    expect(printed.stderr).toBe('');
    expect(printed.code).toBe(0);
    expect(printed.stdout).toBe(schemaFile());
  });

  it('prints SQL that loads in PGlite and scopes what the reader role sees', async () => {
    await db.exec(printed.stdout);
    await db.exec(`insert into agents values ('planner', '{app,user,task,agent}');
      insert into items values (1, 'policy', 'app', 'Answer from context.', null, null, null, 'configuration'),
        (2, 'bob-note', 'user', 'Bob prefers short answers.', 'bob', null, null, 'written'),
        (3, 'alice-note', 'user', 'Alice prefers long answers.', 'alice', null, null, 'written')`);
    const read = (user: string) =>
      db.transaction(async (tx) => {
        await tx.query(
          "select set_config('app.user', $1, true), set_config('app.task', 'task-1', true), set_config('app.agent', 'planner', true)",
          [user],
        );
        await tx.query('set local role scope_reader');
        return (await tx.query<{ id: string }>('select id from items order by seq')).rows.map((row) => row.id);
      });
    expect(await read('bob')).toEqual(['policy', 'bob-note']);
    expect(await read('alice')).toEqual(['policy', 'alice-note']);
    expect((await db.query('select id from items')).rows).toHaveLength(3);
  });

  it('refuses arguments, with usage and exit 2', async () => {
    const { code, stdout, stderr } = await npmRun('sql', 'extra');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe('usage: npm run --silent sql > scope.sql\n');
  });
});
