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

/** The parts of a Chrome trace event (bench/paste.ts --profile records one beside the CPU profile) read here. */
export interface TraceEvent {
  name: string;
  ph: string;
  /** Microseconds, on the clock of the CPU profile's startTime. */
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** A task of the page's main thread, in the trace's microseconds. */
export interface Task {
  start: number;
  end: number;
}

const TASK_EVENTS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** The tasks of `minMs` or more that the page's main thread ran in `events`, longest first. */
export function longTasks(events: readonly TraceEvent[], minMs: number): Task[] {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (main === undefined) return [];
  return events
    .filter((e) => e.ph === 'X' && TASK_EVENTS.has(e.name) && e.pid === main.pid && e.tid === main.tid)
    .filter((e) => (e.dur ?? 0) >= minMs * 1000)
    .map((e) => ({ start: e.ts, end: e.ts + (e.dur ?? 0) }))
    .sort((a, b) => b.end - b.start - (a.end - a.start));
}

interface Branch {
  ms: number;
  children: Map<string, Branch>;
}

/**
 * Where `task`'s time went in `profile` (which must hold `startTime` and its nodes' `children`): the call
 * tree from the top down, as lines "ms  name  file:line" indented two spaces a level, each level longest
 * first, recursion folded; branches under `minMs` are left out. Not only self time: which caller a long
 * stretch hangs from.
 */
export function callTree(profile: CpuProfile & TimedProfile, task: Task, minMs: number): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const root: Branch = { ms: 0, children: new Map() };
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < task.start || at >= task.end) return;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const stack: string[] = [];
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const frame = byId.get(node)!.callFrame;
      if (frame.functionName === '(root)') break;
      stack.unshift(
        `${frame.functionName || '(anonymous)'}  ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}`,
      );
    }
    // Recursion folded: a frame already on the stack takes the stack back to it (React walks its tree
    // through two functions calling each other, a level each per component).
    const folded: string[] = [];
    for (const name of stack) {
      const seen = folded.indexOf(name);
      if (seen === -1) folded.push(name);
      else folded.length = seen + 1;
    }
    let branch = root;
    for (const name of folded) {
      const next = branch.children.get(name) ?? { ms: 0, children: new Map() };
      branch.children.set(name, next);
      next.ms += ms;
      branch = next;
    }
  });
  const lines: string[] = [];
  const draw = (branch: Branch, depth: number) => {
    for (const [name, child] of [...branch.children].sort((a, b) => b[1].ms - a[1].ms)) {
      if (child.ms < minMs) continue;
      lines.push(`${'  '.repeat(depth)}${child.ms.toFixed(1)} ms  ${name}`);
      draw(child, depth + 1);
    }
  };
  draw(root, 0);
  return lines;
}

/** What callTree needs of a profile beyond topSelfTime: when it started, and each node's callees. */
export interface TimedProfile {
  startTime: number;
  nodes: { id: number; children?: number[]; callFrame: CpuProfile['nodes'][number]['callFrame'] }[];
}
