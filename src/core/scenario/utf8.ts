/**
 * Strict UTF-8 decoding for files the learner hands over (the command line's FILE, the page's import).
 * The seed reads its files with Python's strict UTF-8 codec and refuses invalid bytes; replacing them
 * with U+FFFD would replay or grade a text nobody wrote. Pure: bytes in, an outcome out.
 */

/** The platform's decoder (Node and browsers both have it); declared here, as the core has no DOM types. */
declare const TextDecoder: new (
  label: 'utf-8',
  options: { fatal: boolean; ignoreBOM: boolean },
) => { decode(bytes: Uint8Array): string };

export type Utf8Outcome =
  | { kind: 'ok'; text: string }
  | {
      kind: 'invalid';
      /** Byte offset of the first byte that is not part of a well-formed sequence. */
      offset: number;
      /** The bad byte's line and column (from 1; the column counts the decoded text's UTF-16 units). */
      line: number;
      column: number;
      message: string;
    };

/**
 * Byte offset of the first ill-formed sequence (Unicode's Table 3-7, as Python's codec and the WHATWG
 * decoder both follow it: no overlongs, no surrogates, nothing past U+10FFFF), or -1 when all is well.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) low = 0xa0;
      else if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) low = 0x90;
      else if (b === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) return i;
    }
    i += need + 1;
  }
  return -1;
}

const hex = (b: number) => `0x${b.toString(16).toUpperCase().padStart(2, '0')}`;

/** Decode bytes as strict UTF-8, or say where the first invalid byte is. A byte-order mark is kept as text. */
export function decodeUtf8Strict(bytes: Uint8Array): Utf8Outcome {
  // The native decoder is fast; the scan runs only to locate what it refused.
  try {
    return { kind: 'ok', text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    // fall through to locate the first bad byte
  }
  const offset = firstInvalidUtf8(bytes);
  if (offset === -1) throw new Error('the UTF-8 scan accepted bytes the platform decoder refused');
  let lineStart = 0;
  let line = 1;
  for (let i = bytes.indexOf(0x0a); i !== -1 && i < offset; i = bytes.indexOf(0x0a, i + 1)) {
    line++;
    lineStart = i + 1;
  }
  const before = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(lineStart, offset));
  return {
    kind: 'invalid',
    offset,
    line,
    column: before.length + 1,
    message: `not UTF-8: invalid byte sequence starting with ${hex(bytes[offset]!)} at byte offset ${offset}`,
  };
}
