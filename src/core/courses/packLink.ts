/**
 * A course pack in a link: `#/course/<the pack's text, lz-string compressed>`, so a teacher hands out a
 * whole course as one address. Bounded both ways: a link longer than MAX_LINK_CHARS is not made (a
 * larger pack is handed out as a file), and a link is decompressed only up to MAX_PACK_CHARS. A link is
 * for students: it carries no lesson's `solution` (anyone can decompress a link); a teacher who wants to
 * share the solutions shares the pack's file.
 */
import { compressToEncodedURIComponent } from 'lz-string';
import { decompressBounded } from '../sharing/boundedDecompress';
import { MAX_LINK_CHARS } from '../sharing/shareLink';
import { MAX_PACK_CHARS } from './pack';
import { digits } from '../text/digits';

export const PACK_LINK_PREFIX = '#/course/';

export type PackLink = { kind: 'ok'; fragment: string } | { kind: 'too-long'; length: number };

/**
 * The pack's text as a student's link carries it: every lesson's `solution` left out (and the JSON
 * without its indentation). A text that is not a pack's JSON is returned as it is: it opens as an
 * invalid pack, with its problems located, exactly as the file would.
 */
export function studentPackText(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { lessons?: unknown }).lessons))
    return text;
  const pack = value as { lessons: unknown[] };
  const lessons = pack.lessons.map((lesson) => {
    if (typeof lesson !== 'object' || lesson === null || !('solution' in lesson)) return lesson;
    const { solution: _solution, ...rest } = lesson as Record<string, unknown>;
    return rest;
  });
  return JSON.stringify({ ...pack, lessons });
}

/** The fragment that opens a pack for students (no solutions), or too-long past MAX_LINK_CHARS. */
export function encodePackLink(text: string): PackLink {
  const fragment = `${PACK_LINK_PREFIX}${compressToEncodedURIComponent(studentPackText(text))}`;
  return fragment.length > MAX_LINK_CHARS ? { kind: 'too-long', length: fragment.length } : { kind: 'ok', fragment };
}

/** The pack's text from a link's data (what follows the prefix), or why it cannot be read. */
export function decodePackLink(data: string): { kind: 'ok'; text: string } | { kind: 'error'; message: string } {
  if (data.length > MAX_LINK_CHARS)
    return {
      kind: 'error',
      message: `This course link is longer than ${digits(MAX_LINK_CHARS)} characters.`,
    };
  const out = decompressBounded(data, MAX_PACK_CHARS);
  if (out.kind === 'ok') return out;
  return {
    kind: 'error',
    message:
      out.kind === 'damaged'
        ? 'This course link is damaged: it does not decompress.'
        : `This course link holds more than ${digits(MAX_PACK_CHARS)} characters, more than a course pack may.`,
  };
}
