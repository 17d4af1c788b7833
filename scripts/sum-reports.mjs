/**
 * The closing line of `npm test`: "N passed, N failed", summed from Vitest's and Playwright's JSON
 * reports. A failed static check (typecheck, core purity, lint, format) counts as one failure; so does a step that exited non-zero without a
 * failing test in its report (a crash, a missing browser, a file that did not load).
 *
 *   node scripts/sum-reports.mjs --typecheck 0 --unit 0 --e2e skipped reports/unit.json reports/e2e.json
 *
 * Exit status: 0 only when nothing failed. Notes go to stdout before the closing line.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

function parseArgs(argv) {
  const steps = {};
  const files = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) steps[arg.slice(2)] = argv[++i];
    else files.push(arg);
  }
  return { steps, files };
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Vitest (Jest-style) report: assertion results, plus test files that failed outside any test. */
export function countVitest(report) {
  let passed = 0;
  let failed = 0;
  for (const file of report.testResults ?? []) {
    const results = file.assertionResults ?? [];
    passed += results.filter((r) => r.status === 'passed').length;
    const failing = results.filter((r) => r.status === 'failed').length;
    failed += failing;
    if (file.status === 'failed' && failing === 0) failed += 1;
  }
  return { passed, failed };
}

/** Playwright report: expected and flaky tests passed, unexpected ones failed, plus run-level errors. */
export function countPlaywright(report) {
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (report.errors?.length ?? 0),
  };
}

/** Titles of the Playwright tests whose outcome was "flaky": a failure, then a pass on a retry. */
export function flakyTitles(report) {
  const titles = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((test) => test.status === 'flaky'))
        titles.push([...path, spec.title].filter(Boolean).join(' › '));
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, [suite.title]);
  return titles;
}

const STATIC_CHECKS = [
  ['typecheck', 'tsc --noEmit'],
  ['core', 'tsc -p tsconfig.core.json: src/core compiled without DOM or Node types'],
  ['lint', 'oxlint'],
  ['format', 'prettier --check'],
];

function main() {
  const { steps, files } = parseArgs(process.argv.slice(2));
  const [unitPath = 'reports/unit.json', e2ePath = 'reports/e2e.json'] = files;
  let passed = 0;
  let failed = 0;
  const notes = [];
  const step = (name, status, path, count) => {
    if (status === undefined || status === 'skipped') return;
    const report = path === undefined ? undefined : readJson(path);
    const counted = report === undefined ? { passed: 0, failed: 0 } : count(report);
    passed += counted.passed;
    failed += counted.failed;
    if (status !== '0' && counted.failed === 0) {
      failed += 1;
      notes.push(
        `${name} exited with status ${status}${report === undefined ? ' and wrote no report' : ' without a failing test in its report'}`,
      );
    }
  };
  // The static checks have no report: each that failed counts as one failure, named in a note.
  for (const [name, what] of STATIC_CHECKS) {
    if (steps[name] !== undefined && steps[name] !== '0') {
      failed += 1;
      notes.push(`${name} failed (${what})`);
    }
  }
  step('vitest', steps.unit, unitPath, countVitest);
  step('playwright', steps.e2e, e2ePath, countPlaywright);
  for (const title of flakyTitles(readJson(e2ePath))) notes.push(`flaky (failed, then passed on its retry): ${title}`);
  for (const note of notes) process.stdout.write(`note: ${note}\n`);
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  process.exitCode = failed > 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
