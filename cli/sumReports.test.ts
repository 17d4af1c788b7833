/** The closing line of `npm test` (scripts/sum-reports.mjs), from Vitest's and Playwright's JSON reports. */
import { afterAll, describe, expect, it } from 'vitest';
import { removeScratch, run, scratch } from './testing';

afterAll(removeScratch);

const vitestReport = (files: Array<{ status: string; results: string[] }>) =>
  JSON.stringify({
    testResults: files.map((f) => ({ status: f.status, assertionResults: f.results.map((status) => ({ status })) })),
  });
const playwrightReport = (expected: number, unexpected: number, errors = 0) =>
  JSON.stringify({
    stats: { expected, unexpected, flaky: 0, skipped: 0 },
    errors: Array.from({ length: errors }, () => ({ message: 'webServer failed' })),
  });

async function sum(steps: Record<string, string>, unit?: string, e2e?: string) {
  const write = scratch();
  const files = [
    unit === undefined ? '/nonexistent/unit.json' : write('unit.json', unit),
    e2e === undefined ? '/nonexistent/e2e.json' : write('e2e.json', e2e),
  ];
  const args = Object.entries(steps).flatMap(([name, status]) => [`--${name}`, status]);
  const { code, stdout } = await run('node', ['scripts/sum-reports.mjs', ...args, ...files]);
  return { code, lines: stdout.trimEnd().split('\n') };
}

describe('the closing line', () => {
  it('counts a failed lint or format check as one failure each and names it', async () => {
    const { code, lines } = await sum(
      { typecheck: '0', core: '0', lint: '1', format: '2', unit: '0' },
      vitestReport([{ status: 'passed', results: ['passed'] }]),
    );
    expect(lines).toEqual([
      'note: lint failed (oxlint)',
      'note: format failed (prettier --check)',
      '1 passed, 2 failed',
    ]);
    expect(code).toBe(1);
  });

  it('counts a test that passed on its retry as passed, and names it in a note', async () => {
    const report = JSON.stringify({
      stats: { expected: 1, unexpected: 0, flaky: 1, skipped: 0 },
      errors: [],
      suites: [
        {
          title: 'editor.spec.ts',
          specs: [
            { title: 'types a change', tests: [{ status: 'expected' }] },
            { title: 'completion offers the fields', tests: [{ status: 'flaky' }] },
          ],
          suites: [],
        },
      ],
    });
    const { code, lines } = await sum(
      { typecheck: '0', unit: '0', e2e: '0' },
      vitestReport([{ status: 'passed', results: ['passed'] }]),
      report,
    );
    expect(lines).toEqual([
      'note: flaky (failed, then passed on its retry): editor.spec.ts › completion offers the fields',
      '3 passed, 0 failed',
    ]);
    expect(code).toBe(0);
  });

  it('sums passed and failed tests from both reports and exits 0 when nothing failed', async () => {
    const { code, lines } = await sum(
      { typecheck: '0', unit: '0', e2e: '0' },
      vitestReport([{ status: 'passed', results: ['passed', 'passed', 'skipped'] }]),
      playwrightReport(4, 0),
    );
    expect(lines).toEqual(['6 passed, 0 failed']);
    expect(code).toBe(0);
  });

  it('counts failed tests, a test file that failed to load, and run-level Playwright errors', async () => {
    const { code, lines } = await sum(
      { typecheck: '0', unit: '1', e2e: '1' },
      vitestReport([
        { status: 'failed', results: ['passed', 'failed'] },
        { status: 'failed', results: [] },
      ]),
      playwrightReport(2, 1, 1),
    );
    expect(lines.at(-1)).toBe('3 passed, 4 failed');
    expect(code).toBe(1);
  });

  it('counts a failed typecheck and a step that crashed without a report as failures', async () => {
    const { code, lines } = await sum(
      { typecheck: '2', unit: '0', e2e: '1' },
      vitestReport([{ status: 'passed', results: ['passed'] }]),
    );
    expect(lines).toEqual([
      'note: typecheck failed (tsc --noEmit)',
      'note: playwright exited with status 1 and wrote no report',
      '1 passed, 2 failed',
    ]);
    expect(code).toBe(1);
  });

  it('leaves out a skipped end-to-end step', async () => {
    const { code, lines } = await sum(
      { typecheck: '0', unit: '0', e2e: 'skipped' },
      vitestReport([{ status: 'passed', results: ['passed'] }]),
    );
    expect(lines).toEqual(['1 passed, 0 failed']);
    expect(code).toBe(0);
  });
});
