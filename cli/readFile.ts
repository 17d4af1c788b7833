/**
 * How the command line reads a file, one way for every command: opened, its size checked before a byte
 * is read, then read in chunks that stop at the limit, so that what has no size (a pipe, a FIFO,
 * /dev/zero) is refused once the limit has arrived instead of filling the memory. The bytes are then
 * decoded as strict UTF-8 (decodeFile), with the first bad byte located.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export type BytesRead =
  | { kind: 'ok'; bytes: Buffer }
  | { kind: 'unreadable'; code: string }
  /** `bytes` is the file's size when `known`, else how many had arrived when reading stopped. */
  | { kind: 'too-large'; bytes: number; known: boolean };

/** Chunks of a stream without a size. */
const CHUNK = 1 << 20;

/** A non-blocking descriptor (a pipe handed over as /dev/stdin) with nothing to read yet: wait, then retry. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/** The file's bytes, or why not: unreadable (its error code) or more than `maxBytes`. */
export function readBytesBounded(file: string, maxBytes: number): BytesRead {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    return { kind: 'unreadable', code: codeOf(error) };
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return { kind: 'unreadable', code: 'EISDIR' };
    if (stat.isFile() && stat.size > maxBytes) return { kind: 'too-large', bytes: stat.size, known: true };
    const chunks: Buffer[] = [];
    let total = 0;
    // A regular file is read in one chunk of its size (plus one byte, to see a file that grew); the rest by CHUNK.
    let size = stat.isFile() ? stat.size + 1 : CHUNK;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.max(1, Math.min(size, maxBytes + 1 - total)));
      let n: number;
      try {
        n = readSync(fd, chunk, 0, chunk.length, null);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
        pause(5);
        continue;
      }
      if (n === 0) break;
      total += n;
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      if (total > maxBytes) return { kind: 'too-large', bytes: total, known: false };
      size = CHUNK;
    }
    return { kind: 'ok', bytes: Buffer.concat(chunks, total) };
  } catch (error) {
    return { kind: 'unreadable', code: codeOf(error) };
  } finally {
    closeSync(fd);
  }
}
