/**
 * The timeline's words as they cross the worker's postMessage. As 20,000 objects of five fields they
 * took 29 ms to copy at each run (structuredClone in Node, 5.4 MB as JSON), and the page's copy is what
 * holds its thread; as one string, offsets and a byte per entry, the page copies a string and two
 * typed arrays, and makes an entry's object only when a view reads it (a timeline draws a screenful).
 */
import type { Rows } from '../../core/timeline/rows';
import type { EntryWords } from '../views';

/** Each op's code: every op has one (the compiler says so when an op is added). */
const OP_CODE: Record<EntryWords['op'], number> = {
  configuration: 0,
  write: 1,
  handoff: 2,
  query: 3,
  close_task: 4,
  import: 5,
  forget_user: 6,
};
const OPS = Object.keys(OP_CODE) as Array<EntryWords['op']>;
const REJECTED = 0x80;

export interface PackedWords {
  /** Each entry's position, summary and result, one after the other. */
  text: string;
  /** Where each of those three ends in `text`: three offsets an entry. */
  ends: Int32Array;
  /** Each entry's op (OP_CODE), with REJECTED set for a rejected step. */
  flags: Uint8Array;
}

/** Entry i must have index i, as a timeline's entries do. */
export function packWords(words: readonly EntryWords[]): PackedWords {
  const parts: string[] = [];
  const ends = new Int32Array(words.length * 3);
  const flags = new Uint8Array(words.length);
  let at = 0;
  words.forEach((w, i) => {
    if (w.index !== i) throw new Error(`entry ${i} has index ${w.index}`);
    const op = OP_CODE[w.op];
    for (const [k, part] of [w.position, w.summary, w.result].entries()) {
      parts.push(part);
      at += part.length;
      ends[i * 3 + k] = at;
    }
    flags[i] = op | (w.rejected ? REJECTED : 0);
  });
  return { text: parts.join(''), ends, flags };
}

/** The words again, each entry made when first read and kept. */
export function unpackWords({ text, ends, flags }: PackedWords): Rows<EntryWords> {
  const made = new Array<EntryWords | undefined>(flags.length);
  const at = (i: number): EntryWords | undefined => {
    if (!Number.isInteger(i) || i < 0 || i >= flags.length) return undefined;
    let w = made[i];
    if (w === undefined) {
      const start = i === 0 ? 0 : ends[i * 3 - 1]!;
      made[i] = w = {
        index: i,
        position: text.slice(start, ends[i * 3]),
        summary: text.slice(ends[i * 3], ends[i * 3 + 1]),
        result: text.slice(ends[i * 3 + 1], ends[i * 3 + 2]),
        rejected: (flags[i]! & REJECTED) !== 0,
        op: OPS[flags[i]! & ~REJECTED]!,
      };
    }
    return w;
  };
  return { length: flags.length, at };
}
