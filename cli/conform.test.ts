/**
 * The conform command against real adapter processes: exit 0 for the project's own store, 1 with the
 * rule named when a rule is switched off, 2 with a plain message when an adapter breaks the protocol,
 * and nothing of the adapter left running afterwards.
 */
import { execFileSync, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { npmRun, ROOT, scratchDir } from './testing';

const OWN = 'node --import tsx conformance/adapters/own-store.ts';
const MISBEHAVE = 'node conformance/adapters/testing/misbehave.mjs';

/**
 * The hanging adapter's child sleeps for a length no other process on the machine uses (GNU sleep takes a
 * fraction), so the check below finds that child alone and not some other `sleep 300`.
 */
const SLEEP = `300.${process.pid}${Date.now() % 1000}`;

/** Processes whose command line holds `marker` (the sleep a hanging adapter starts). */
function running(marker: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes(marker) && !line.includes('ps -eo'));
}

describe('conform', () => {
  it('passes the project’s own store on every rule, golden case and lesson (exit 0)', async () => {
    const out = scratchDir('conform-');
    const run = await npmRun('conform', '--exec', OWN, '--out', out);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^pass {2}taskCheck/m);
    expect(run.stdout).toMatch(/pass {2}golden cases: 60 of 60 conform/);
    expect(run.stdout).toMatch(/21 of 21 rules conform/);
  }, 120_000);

  it('reports the seed’s store, which has no import and no forget_user, n/a on those rules (exit 0)', async () => {
    const seed = 'python3 conformance/adapters/python/seed_store.py';
    const out = scratchDir('conform-');
    const run = await npmRun('conform', '--exec', seed, '--out', out);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^n\/a {3}ownerlessHidden .*\(the store has no import\)$/m);
    expect(run.stdout).toMatch(/^n\/a {3}scopedDelete .*\(the store has no forget_user\)$/m);
    expect(run.stdout).toMatch(/; 19 of 21 rules conform, 2 n\/a$/m);
    const strict = await npmRun('conform', '--exec', seed, '--out', out, '--require-all', '--json');
    expect(strict.code).toBe(1);
    const report = JSON.parse(strict.stdout) as { outcome: string; summary: Record<string, unknown> };
    expect(report.outcome).toBe('failed');
    expect(report.summary).toMatchObject({ rulesNotApplicable: 2, unsupportedOps: ['import', 'forget_user'] });
  }, 120_000);

  it('fails the store with a rule switched off, naming it, with a shrunk scenario and a link (exit 1)', async () => {
    const out = scratchDir('conform-');
    const run = await npmRun(
      'conform',
      '--exec',
      `${OWN} --rule-off handoffReadCheck`,
      '--cases',
      'canaries',
      '--out',
      out,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAIL {2}handoffReadCheck/m);
    expect(run.stdout).toMatch(/the reference refused it: sender cannot read/);
    expect(run.stdout).toMatch(/open: http:\/\/localhost:4173\/#v1\./);
    expect(run.stdout).toContain(`${out}/`);
  }, 120_000);

  it.each([
    ['hang', /the adapter did not answer within 1000 ms at c01 \(refuse\), step 1 \(write\)/],
    [
      'exit',
      /the adapter exited with code 3 before answering at c01 \(refuse\), step 1 \(write\)[\s\S]*permission denied/,
    ],
    ['garbage', /the adapter answered something that is not JSON: "Traceback/],
    ['twice', /the adapter answered twice/],
  ])(
    'gives exit 2 and a plain message when the adapter breaks the protocol: %s',
    async (mode, message) => {
      const started = Date.now();
      const run = await npmRun(
        'conform',
        '--exec',
        mode === 'hang' ? `${MISBEHAVE} hang 1 ${SLEEP}` : `${MISBEHAVE} ${mode}`,
        '--line-timeout-ms',
        '1000',
        '--out',
        scratchDir('conform-'),
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stdout).toBe('');
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(running(`sleep ${SLEEP}`)).toEqual([]);
    },
    30_000,
  );

  it('ends a run that takes too long as a whole (exit 2)', async () => {
    const run = await npmRun(
      'conform',
      '--exec',
      `${MISBEHAVE} hang 40 ${SLEEP}`,
      '--line-timeout-ms',
      '20000',
      '--timeout-ms',
      '1500',
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/the suite did not finish within 1500 ms/);
    expect(running(`sleep ${SLEEP}`)).toEqual([]);
  }, 30_000);

  it('refuses an address that is not this computer, before contacting anything (exit 2)', async () => {
    const run = await npmRun('conform', '--url', 'http://example.com:8080/adapter');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/example.com:8080, which is not this computer/);
  });

  it('says what is wrong with the command line (exit 2)', async () => {
    const run = await npmRun('conform');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/give exactly one of --exec and --url/);
  });
});

describe('conform --url', () => {
  it('runs an adapter behind a loopback HTTP endpoint, one POST per line (exit 0)', async () => {
    const server = spawn('node', ['--import', 'tsx', 'conformance/adapters/own-store.ts', '--http', '4437'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      await new Promise<void>((resolve) => server.stderr.once('data', () => resolve()));
      const run = await npmRun('conform', '--url', 'http://127.0.0.1:4437/', '--out', scratchDir('conform-'));
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/117 scenarios, 0 failed; 21 of 21 rules conform/);
    } finally {
      server.kill();
    }
  }, 120_000);

  it('gives exit 2 when nothing listens at the address', async () => {
    const run = await npmRun('conform', '--url', 'http://127.0.0.1:4438/', '--line-timeout-ms', '2000');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/could not be reached at http:\/\/127.0.0.1:4438\/: ECONNREFUSED at c01/);
  });
});

describe('conform options, checked before any case runs', () => {
  it('refuses a timeout Node would turn into 1 ms, naming the range', async () => {
    const started = Date.now();
    const run = await npmRun('conform', '--exec', OWN, '--timeout-ms', '3000000000');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--timeout-ms takes a whole number of milliseconds from 1 to 2147483647');
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('refuses an --out folder that cannot be written, before the suite runs', async () => {
    const run = await npmRun('conform', '--exec', OWN, '--out', '/dev/null/x');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--out "/dev/null/x" is not a folder the reports can be written to (ENOTDIR)');
    expect(run.stdout).not.toContain('passed');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
