/** How the benchmarks print their figures: aligned tables, milliseconds, medians with their range. Pure. */
import { median, percentile, type Stat } from '../src/core/stats';

/** Milliseconds: whole from 100 on, one decimal below. */
export const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
/** Microseconds: whole from 100 on, two decimals below. */
export const us = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(2));
/** "median (best)". */
export const both = (s: Stat, format: (v: number) => string) => `${format(s.median)} (${format(s.best)})`;
/** "median (best) cpu C", with "?" where the CPU time could not be read. */
export const withCpu = (s: Stat & { cpu: number }) => `${both(s, ms)} cpu ${Number.isNaN(s.cpu) ? '?' : ms(s.cpu)}`;

/** A text table: the first column left-aligned, the others right-aligned, a rule under the header. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** "median ms  (min–max)", the median padded to six characters. */
export const spread = (values: readonly number[]) =>
  `${median(values).toFixed(0).padStart(6)} ms  (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;

/** One timed interaction in the page (bench/browser.ts). */
export interface Sample {
  /** Input to DOM updated and laid out, ms. */
  work: number;
  /** The part of `work` before layout: the store's action and React's render and commit. */
  script: number;
  /** Whether the next frame came on time. */
  onTime: boolean;
}

/** The header of interactionRow's table. */
export const INTERACTION_HEADER = `${'interaction'.padEnd(22)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'script50'.padStart(8)} ${'script95'.padStart(8)} ${'in 1 frame'.padStart(10)}`;

/** An interaction's p50 and p95 of work and of script, and how many samples fitted in one frame. */
export function interactionRow(name: string, samples: readonly Sample[]): string {
  const work = samples.map((s) => s.work);
  const script = samples.map((s) => s.script);
  const onTime = samples.filter((s) => s.onTime).length;
  const cell = (values: number[], p: number) => percentile(values, p).toFixed(1).padStart(8);
  return `${name.padEnd(22)} ${cell(work, 50)} ${cell(work, 95)} ${cell(script, 50)} ${cell(script, 95)} ${`${onTime}/${samples.length}`.padStart(10)}`;
}
