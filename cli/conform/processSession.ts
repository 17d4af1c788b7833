/**
 * An adapter program as a Session: JSON Lines on its standard input and output. It runs in a process
 * group of its own, so whatever it starts is ended with it; every answer has a deadline; a second
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
  const child: ChildProcess = spawn('sh', ['-c', command], { detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
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
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    buffer += chunk;
    let at: number;
    while ((at = buffer.indexOf('\n')) >= 0) {
      lines.push(buffer.slice(0, at).replace(/\r$/, ''));
      buffer = buffer.slice(at + 1);
    }
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

  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group is already gone.
    }
  };
  const tail = () => stderr.trimEnd();
  const broken = (message: string) => {
    killGroup();
    return new ProtocolError(message);
  };

  /** The next line, or null once `deadline` passes or the adapter has exited without one. */
  const nextLine = async (deadline: number): Promise<string | null> => {
    for (;;) {
      if (lines.length > 0) return lines.shift()!;
      if (buffer.length > MAX_ANSWER_CHARS)
        throw broken(`wrote more than ${MAX_ANSWER_CHARS} characters without a newline`);
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

  return {
    async send(line: RequestLine) {
      if (spawnError !== null) throw broken(`could not be started: ${spawnError}`);
      if (lines.length > 0)
        throw broken(`answered twice: an extra line came before this one was sent: ${lines[0]!.slice(0, 120)}`);
      if (exited === null) child.stdin!.write(`${encodeLine(line)}\n`);
      const answer = await nextLine(Date.now() + lineTimeoutMs);
      if (answer === null) {
        if (spawnError !== null) throw broken(`could not be started: ${spawnError}`);
        if (exited !== null) throw broken(`${exited} before answering`);
        throw broken(`did not answer within ${lineTimeoutMs} ms`);
      }
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
        while (exited === null && Date.now() < deadline) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
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
