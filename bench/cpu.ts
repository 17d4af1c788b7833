/** CPU time for the benchmarks: on a shared machine wall time swings with the load, CPU time much less. */
import { readFileSync } from 'node:fs';

/** CPU milliseconds of this process's waited-for children (Linux /proc, 10 ms ticks), or NaN elsewhere. */
export function childrenCpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** CPU milliseconds this process spent in `run`. */
export function cpuMs(run: () => unknown): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
