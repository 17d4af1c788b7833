/**
 * Every process an adapter started, found whatever it did to its process group or session. A process
 * that calls setsid (`setsid sleep 100`) leaves the adapter's group, and once its parent exits it is
 * re-parented away from the adapter's tree too; but it keeps the environment it was started with. The
 * adapter is started with a marker of this run in its environment, and on Linux the end of the run
 * ends every process of this user whose environment holds it, and every descendant of those.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/** The environment variable carrying the run's marker to the adapter and everything it starts. */
export const RUN_MARKER_VARIABLE = 'SCOPE_CONFORM_RUN';

export function newRunMarker(): string {
  return randomBytes(12).toString('hex');
}

/** A process's parent, from /proc/PID/stat (the field after the command name, which may hold spaces). */
function parentOf(pid: string): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

function holdsMarker(pid: string, entry: Buffer): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`).includes(entry);
  } catch {
    // Another user's process, or one already gone.
    return false;
  }
}

/** The processes of the run: its root, those holding the marker, and their descendants (Linux; else the root alone). */
export function runProcesses(root: number, marker: string): number[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [root];
  }
  const entry = Buffer.from(`${RUN_MARKER_VARIABLE}=${marker}\0`);
  const children = new Map<number, number[]>();
  const found = new Set<number>([root]);
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), Number(pid)]);
    if (Number(pid) !== process.pid && holdsMarker(pid, entry)) found.add(Number(pid));
  }
  const queue = [...found];
  while (queue.length > 0) {
    for (const child of children.get(queue.pop()!) ?? []) {
      if (!found.has(child) && child !== process.pid) {
        found.add(child);
        queue.push(child);
      }
    }
  }
  return [...found];
}

/** SIGKILL the run's group and every process of the run, a few rounds, as one may fork while the others end. */
export function endRun(root: number, marker: string): void {
  const kill = (pid: number) => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  kill(-root);
  // The root stays listed (a zombie until Node reaps it): three rounds, not "until none is left".
  for (let round = 0; round < 3; round++) for (const pid of runProcesses(root, marker)) kill(pid);
}
