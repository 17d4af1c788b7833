/**
 * Node only: where the PostgreSQL server for tests and benchmarks is. PG_TEST_URL wins; otherwise
 * the URL that scripts/pg-server.sh start wrote, if that server answers.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

export type ServerLookup =
  | { kind: 'found'; url: string; readerUrl: string | null; from: 'PG_TEST_URL' | 'scripts/pg-server.sh' }
  | { kind: 'none'; reason: string };

const HOW = 'set PG_TEST_URL, or run `bash scripts/pg-server.sh start`';

function readIfPresent(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function answers(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    // Closing a connection that never opened can fail too; the connect error above is the one to report.
    await client.end().catch(() => undefined);
  }
}

/**
 * The server to use. A PG_TEST_URL is taken as given (a wrong one should fail the tests loudly); the
 * script's URL file is checked first, since a machine restart leaves it behind with no server.
 * PG_READER_URL, when set, is a login as the reader role for the test that connects as it directly.
 */
export async function findServer(env: NodeJS.ProcessEnv = process.env): Promise<ServerLookup> {
  const dir = env.SCOPE_PG_DIR || '/tmp/scope-pg';
  const url = readIfPresent(`${dir}/url`);
  if (env.PG_TEST_URL) {
    // The reader's own login: PG_READER_URL, or the script's when PG_TEST_URL is the script's server.
    const readerUrl = env.PG_READER_URL || (env.PG_TEST_URL === url ? readIfPresent(`${dir}/reader-url`) : null);
    return { kind: 'found', url: env.PG_TEST_URL, readerUrl, from: 'PG_TEST_URL' };
  }
  if (url === null) return { kind: 'none', reason: `no PostgreSQL server: ${HOW}` };
  const problem = await answers(url);
  if (problem !== null)
    return { kind: 'none', reason: `${dir}/url names ${url}, which does not answer (${problem}): ${HOW}` };
  return { kind: 'found', url, readerUrl: readIfPresent(`${dir}/reader-url`), from: 'scripts/pg-server.sh' };
}
