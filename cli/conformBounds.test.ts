/**
 * The conform command holds an adapter to bytes as well as to time: an answer is read through a cap
 * that also ends the wait, in the process adapter's output (also after the end line) and in a --url
 * adapter's body; and nothing the adapter started outlives the run, even a process that left its session.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { npmRun, removeScratch, scratchDir } from './testing';

afterAll(removeScratch);

const OWN = 'node --import tsx conformance/adapters/own-store.ts';
const SLEEP = `301.${process.pid}${Date.now() % 1000}`;

function running(marker: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes(marker) && !line.includes('ps -eo'));
}

/** A loopback server answering every POST with `respond`; resolves with its port. */
async function serve(respond: Parameters<typeof createServer>[1]): Promise<{ server: Server; port: number }> {
  const server = createServer(respond);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address !== null ? address.port : 0 };
}

describe('conform --exec: the output after the end line', () => {
  it.each([
    [
      'a line without end',
      'cat /dev/zero',
      /wrote more than 1000000 characters without a newline \(after the end line\)/,
    ],
    ['lines nobody asked for', 'yes', /answered twice: "y" after its answer \(after the end line\)/],
  ])(
    'a flood of %s is cut at the cap and ends the run (exit 2)',
    async (_, flood, message) => {
      const started = Date.now();
      const run = await npmRun(
        'conform',
        '--exec',
        `${OWN}; ${flood}`,
        '--cases',
        'canaries',
        '--line-timeout-ms',
        '30000',
        '--out',
        scratchDir('conform-'),
      );
      expect(run.stderr).toMatch(message);
      // Placed after the end line, not at the last case's last step.
      expect(run.stderr).not.toMatch(/ at c\d+/);
      expect(run.code).toBe(2);
      // The grace period is 30 s: the flood ends the run at once, not when it runs out.
      expect(Date.now() - started).toBeLessThan(20_000);
    },
    60_000,
  );
});

describe('conform --exec: the adapter’s whole tree', () => {
  it('ends a grandchild that started its own session (setsid) with the run', async () => {
    const run = await npmRun(
      'conform',
      '--exec',
      `setsid sleep ${SLEEP} & ${OWN}`,
      '--cases',
      'canaries',
      '--out',
      scratchDir('conform-'),
    );
    expect(run.code).toBe(0);
    expect(running(`sleep ${SLEEP}`)).toEqual([]);
  }, 60_000);
});

describe('conform --url: the answer’s body', () => {
  it('cuts an endless body at the cap, as a protocol error (exit 2)', async () => {
    const { server, port } = await serve((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = 'x'.repeat(65_536);
      const more = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', more);
      };
      more();
    });
    try {
      const started = Date.now();
      const run = await npmRun('conform', '--url', `http://127.0.0.1:${port}/`, '--line-timeout-ms', '20000');
      expect(run.stderr).toMatch(/the adapter answered more than 1000000 characters at c01/);
      expect(run.code).toBe(2);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }, 60_000);

  it('ends the wait for a body that trickles past the answer’s deadline (exit 2)', async () => {
    const timers: NodeJS.Timeout[] = [];
    const { server, port } = await serve((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      timers.push(setInterval(() => response.destroyed || response.write(' '), 100));
    });
    try {
      const started = Date.now();
      const run = await npmRun('conform', '--url', `http://127.0.0.1:${port}/`, '--line-timeout-ms', '1000');
      expect(run.stderr).toMatch(/the adapter did not answer within 1000 ms at c01/);
      expect(run.code).toBe(2);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      server.close();
    }
  }, 60_000);
});

describe('conform --exec: the first answer', () => {
  it('gives the adapter time to start beyond --line-timeout-ms', async () => {
    const run = await npmRun(
      'conform',
      '--exec',
      `sleep 1.5; ${OWN}`,
      '--cases',
      'canaries',
      '--line-timeout-ms',
      '1000',
      '--out',
      scratchDir('conform-'),
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  }, 60_000);
});
