/**
 * The error path's benchmark: scenarios and answers files with many located problems, generated here
 * (never committed), timed through the whole command and in-process. Every error path must be linear:
 * issue 15 measured 54 s for 20,000 bad steps when each problem's line was found by a scan from 0.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseScenario } from '../src/core/scenario/scenario';
import { gradeAnswersText } from '../src/core/grading/gradeText';
import { childrenCpuMs, cpuMs } from './cpu';
import { median } from '../src/core/stats';

/** The seed's scenario plus `bad` query steps whose "as" is a number: one located problem each. */
export function badStepsScenario(root: string, bad: number): string {
  const scenario = JSON.parse(readFileSync(join(root, 'fixtures/scenario.json'), 'utf8')) as { steps: unknown[] };
  // About 140 bytes a step, as the 2.8 MB, 20,000-step file of the issue.
  const current = 'What is the plan for the export job, and which database will it use this week?';
  for (let i = 0; i < bad; i++) scenario.steps.push({ op: 'query', as: i, current });
  return `${JSON.stringify(scenario, null, 2)}\n`;
}

/** The recorded answers plus `bad` answers whose seed is a string: one located problem each. */
export function badSeedsAnswers(root: string, bad: number): string {
  const recorded = JSON.parse(readFileSync(join(root, 'recorded/answer-result.json'), 'utf8')) as {
    answers: Record<string, Array<Record<string, unknown>>>;
  };
  const answers = recorded.answers['bob/task-17/planner scoped']!;
  for (let i = 0; i < bad; i++) answers.push({ ...answers[0], seed: `seed-${i}` });
  return `${JSON.stringify(recorded, null, 1)}\n`;
}

export interface ErrorRow {
  label: string;
  megabytes: number;
  problems: number;
  /** Median wall and CPU ms of the whole command (node build/cli/<command>.cjs FILE). */
  process: { wall: number; cpu: number };
  /** Median wall and CPU ms of the core call (parseScenario or gradeAnswersText) in this process. */
  inProcess: { wall: number; cpu: number };
}

const medians = (samples: Array<{ wall: number; cpu: number }>) => ({
  wall: median(samples.map((s) => s.wall)),
  cpu: median(samples.map((s) => s.cpu)),
});

/** `runs` runs of the bundled command on `file`, which must exit 2 with a capped report. */
function processTimes(root: string, command: string, file: string, runs: number) {
  return medians(
    Array.from({ length: runs }, () => {
      const cpuBefore = childrenCpuMs();
      const started = performance.now();
      const result = spawnSync(process.execPath, [join(root, `build/cli/${command}.cjs`), file], { encoding: 'utf8' });
      const wall = performance.now() - started;
      if (result.status !== 2 || !result.stderr.includes(' more\n')) {
        throw new Error(`${command} ${file} exited ${result.status}: ${result.stderr.slice(0, 300)}`);
      }
      return { wall, cpu: childrenCpuMs() - cpuBefore };
    }),
  );
}

/** `runs` in-process runs of `locate`, each checked to have located `expected` problems. */
function inProcessTimes(locate: () => number, expected: number, runs: number) {
  return medians(
    Array.from({ length: runs }, () => {
      let found = 0;
      const started = performance.now();
      const cpu = cpuMs(() => (found = locate()));
      const wall = performance.now() - started;
      if (found !== expected) throw new Error(`expected ${expected} located problems, found ${found}`);
      return { wall, cpu };
    }),
  );
}

const locatedCount = (outcome: { kind: string; problems?: ReadonlyArray<{ line?: number }> }) =>
  outcome.kind === 'invalid' ? outcome.problems!.filter((p) => p.line !== undefined).length : 0;

/** Time the error paths at each size; the generated files go to `out`. */
export function measureErrors(root: string, out: string, runs: number): ErrorRow[] {
  mkdirSync(out, { recursive: true });
  const cases = [
    { command: 'replay', what: 'bad steps', make: badStepsScenario, run: (text: string) => parseScenario(text) },
    { command: 'grade', what: 'bad seeds', make: badSeedsAnswers, run: (text: string) => gradeAnswersText(text) },
  ];
  const rows: ErrorRow[] = [];
  for (const { command, what, make, run } of cases) {
    for (const bad of [20_000, 100_000]) {
      const text = make(root, bad);
      const file = join(out, `${command}-${what.replace(' ', '-')}-${bad}.json`);
      writeFileSync(file, text);
      rows.push({
        label: `${command}, ${bad} ${what}`,
        megabytes: Buffer.byteLength(text) / 1e6,
        problems: bad,
        process: processTimes(root, command, file, runs),
        inProcess: inProcessTimes(() => locatedCount(run(text)), bad, runs),
      });
    }
  }
  return rows;
}

const ms = (v: number) => (Number.isNaN(v) ? '?' : v.toFixed(0)).padStart(5);

/** The rows as the bench prints them, with the issue's targets. */
export function errorReport(rows: readonly ErrorRow[]): string[] {
  const lines = [
    '\nLocated errors (every problem located, 100 printed), median ms: wall / CPU',
    `  ${''.padEnd(26)} ${'size'.padStart(8)}  ${'whole process'.padStart(13)}   ${'in-process'.padStart(13)}`,
  ];
  for (const row of rows) {
    lines.push(
      `  ${row.label.padEnd(26)} ${`${row.megabytes.toFixed(1)} MB`.padStart(8)}  ` +
        `${ms(row.process.wall)} / ${ms(row.process.cpu)}   ${ms(row.inProcess.wall)} / ${ms(row.inProcess.cpu)}`,
    );
  }
  const verdict = (label: string, what: string) => {
    const row = rows.find((r) => r.label === label);
    if (row === undefined) return;
    const met =
      row.process.wall < 2000
        ? 'met'
        : row.process.cpu < 2000
          ? 'met in CPU time (wall time: a loaded machine)'
          : 'MISSED';
    lines.push(`  target: ${what} in under 2 s, whole process: ${met}`);
  };
  verdict('replay, 20000 bad steps', 'the 20,000-bad-step scenario reports');
  verdict('replay, 100000 bad steps', '100,000 located errors report');
  return lines;
}

// `node --import tsx bench/errors.ts` runs this part alone.
if (process.argv[1]?.endsWith('bench/errors.ts')) {
  const root = join(import.meta.dirname, '..');
  console.log(errorReport(measureErrors(root, join(root, 'build', 'bench'), 3)).join('\n'));
}
