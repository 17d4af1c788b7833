/** Reading a Chrome DevTools CPU profile (bench/paste.ts --profile): where the time went. Pure. */

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples: number[];
  /** Microseconds before each sample; the time of sample i is timeDeltas[i + 1]. */
  timeDeltas: number[];
}

/** The `n` functions with the most self time in `profile`, as "ms  name  file:line:column", idle and program left out. */
export function topSelfTime(profile: CpuProfile, n: number): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id)!;
    const file = frame.url.split('/').pop() ?? '';
    const key = `${frame.functionName || '(anonymous)'}  ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  return [...self.entries()]
    .filter(([key]) => !key.startsWith('(idle)') && !key.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, ms]) => `${ms.toFixed(0).padStart(6)} ms  ${key}`);
}
