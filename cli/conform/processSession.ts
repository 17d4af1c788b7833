/**
 * An adapter program as a Session: JSON Lines on its standard input and output. It runs in a process
 * group of its own, marked so that whatever it starts, in its group or out of it, is ended with it; every answer has a deadline; a second
 * answer, a line that is not JSON, or an exit before the end is a ProtocolError with its stderr's tail.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  END_LINE,
  encodeLine,
  MAX_ANSWER_CHARS,
  parseAnswer,
  type RequestLine,
} from '../../src/core/conformance/protocol';
import { ProtocolError, type Session } from '../../src/core/conformance/run';
import { endRun, newRunMarker, RUN_MARKER_VARIABLE } from './processTree';

/** What the first answer may take beyond --line-timeout-ms: the adapter's start-up. */
export const START_UP_MS = 10_000;

/** Blank lines tolerated while one answer is due; past them the output is a flood. */
const MAX_PENDING_LINES = 64;

/** How much of the adapter's standard error a message quotes. */
const STDERR_TAIL = 2_000;

export interface ProcessSession extends Session {
  /** Send the end line, give the adapter `graceMs` to exit, then end its whole process group. */
  close(graceMs?: number): Promise<void>;
  /** End the process group now. */
  kill(): void;
  /** The last characters the adapter wrote to standard error. */
  stderrTail(): string;
}

export function processSession(command: string, lineTimeoutMs: number): ProcessSession {
  const marker = newRunMarker();
  const child: ChildProcess = spawn('sh', ['-c', command], {
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, [RUN_MARKER_VARIABLE]: marker },
  });
  let buffer = '';
  const lines: string[] = [];
  let stderr = '';
  let exited: string | null = null;
  let spawnError: string | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  // The whole tree, whatever it did to its group or session (processTree.ts).
  const killGroup = () => {
    if (child.pid !== undefined) endRun(child.pid, marker);
  };
  /**
   * The first breach of the protocol seen as the output arrives: the group is ended at once and the
   * output no longer read, so a flood (a line without end, lines nobody asked for, also during the
   * grace period after the end line) holds at most one line's worth of memory.
   */
  let fault: string | null = null;
  const breach = (message: string) => {
    fault ??= message;
    killGroup();
    child.stdout!.destroy();
    notify();
  };
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    if (fault !== null) return;
    buffer += chunk;
    let at: number;
    while ((at = buffer.indexOf('\n')) >= 0) {
      lines.push(buffer.slice(0, at).replace(/\r$/, ''));
      buffer = buffer.slice(at + 1);
    }
    const answers = lines.filter((line) => line.trim() !== '');
    if (buffer.length > MAX_ANSWER_CHARS) breach(`wrote more than ${MAX_ANSWER_CHARS} characters without a newline`);
    else if (answers.length > 1)
      breach(`answered twice: ${JSON.stringify(answers[1]!.slice(0, 120))} after its answer`);
    else if (lines.length > MAX_PENDING_LINES) breach(`wrote ${lines.length} lines where one answer was due`);
    notify();
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL);
  });
  // Writing to an adapter that has exited raises EPIPE on stdin; the exit is what gets reported.
  child.stdin!.on('error', () => undefined);
  child.on('error', (error) => {
    spawnError = error.message;
    notify();
  });
  child.on('exit', (code, signal) => {
    exited = signal !== null ? `was ended by ${signal}` : `exited with code ${code}`;
    notify();
  });

  const tail = () => stderr.trimEnd();
  const broken = (message: string) => {
    killGroup();
    return new ProtocolError(message);
  };

  /** The next line, or null once `deadline` passes or the adapter has exited without one. */
  const nextLine = async (deadline: number): Promise<string | null> => {
    for (;;) {
      if (fault !== null) throw broken(fault);
      if (lines.length > 0) return lines.shift()!;
      if (exited !== null || spawnError !== null) {
        // Output and exit can arrive in either order: give a last line already in the pipe its chance.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return lines.shift() ?? null;
      }
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };

  let answered = false;
  return {
    async send(line: RequestLine) {
      if (fault !== null) throw broken(fault);
      if (spawnError !== null) throw broken(`could not be started: ${spawnError}`);
      if (lines.length > 0)
        throw broken(`answered twice: an extra line came before this one was sent: ${lines[0]!.slice(0, 120)}`);
      if (exited === null) child.stdin!.write(`${encodeLine(line)}\n`);
      // The first answer also waits for the adapter to start (a runtime, a database connection).
      const startUp = answered ? 0 : START_UP_MS;
      const answer = await nextLine(Date.now() + lineTimeoutMs + startUp);
      if (answer === null) {
        if (spawnError !== null) throw broken(`could not be started: ${spawnError}`);
        if (exited !== null) throw broken(`${exited} before answering`);
        throw broken(
          answered
            ? `did not answer within ${lineTimeoutMs} ms`
            : `did not answer its first line within ${lineTimeoutMs + startUp} ms (${startUp} ms to start, then ${lineTimeoutMs} ms)`,
        );
      }
      answered = true;
      // Two answers in one write arrive together: the second is already here.
      if (lines.length > 0) throw broken(`answered twice: ${JSON.stringify(lines[0]!.slice(0, 120))} after its answer`);
      const parsed = parseAnswer(answer);
      if (parsed.kind === 'broken') throw broken(parsed.message);
      return parsed.answer;
    },
    async close(graceMs = lineTimeoutMs) {
      if (exited === null && spawnError === null) {
        child.stdin!.write(`${encodeLine(END_LINE)}\n`);
        child.stdin!.end();
        const deadline = Date.now() + graceMs;
        while (exited === null && fault === null && Date.now() < deadline) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
        if (fault !== null) throw broken(`${fault} (after the end line)`);
        // The end line may be answered once; more is a second answer to something.
        const extra = lines.filter((l) => l.trim() !== '');
        if (extra.length > 1)
          throw broken(`answered twice: ${JSON.stringify(extra[1]!.slice(0, 120))} after the end line's answer`);
        if (exited === null) {
          killGroup();
          throw new ProtocolError(`did not exit within ${graceMs} ms of the end line`);
        }
      }
      killGroup();
    },
    kill: killGroup,
    stderrTail: tail,
  };
}
