/**
 * The PostgreSQL row-level security adapter against a real server: it conforms on every case, and the
 * same adapter reading as the tables' owner (the pinned-identity trap) fails. Skipped, saying how to
 * run it, when no server is up (PG_TEST_URL unset and scripts/pg-server.sh not started).
 */
import { describe, expect, it } from 'vitest';
import { findServer } from '../src/db/serverUrl';
import { npmRun, scratchDir } from './testing';

const server = await findServer();
const ADAPTER = 'node --import tsx conformance/adapters/postgres.ts';

if (server.kind === 'none') {
  process.stderr.write(`PostgreSQL conformance suite skipped: ${server.reason}\n`);
  describe.skip(`the PostgreSQL adapter (skipped: ${server.reason})`, () => {
    it('conforms over row-level security', () => {});
  });
} else {
  // The adapter reads its server from PG_TEST_URL, as the tests of src/db do.
  process.env.PG_TEST_URL = server.url;

  describe(`the PostgreSQL adapter (${server.from})`, () => {
    it('conforms on every case, reads made as the reader role under the policy (exit 0)', async () => {
      const run = await npmRun('conform', '--exec', ADAPTER, '--out', scratchDir('conform-'));
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/117 scenarios, 0 failed; 21 of 21 rules conform/);
    }, 180_000);

    it('fails when reads stay as the tables’ owner, which the policy does not bind (exit 1)', async () => {
      const run = await npmRun(
        'conform',
        '--exec',
        `${ADAPTER} --owner-reads`,
        '--cases',
        'canaries',
        '--out',
        scratchDir('conform-'),
      );
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^FAIL +userCheck /m);
      expect(run.stdout).toMatch(/crossed: c31-bob-/);
    }, 180_000);
  });
}
