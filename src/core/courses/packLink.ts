/**
 * A course pack in a link: `#/course/<the pack's text, lz-string compressed>`, so a teacher hands out a
 * whole course as one address. Bounded both ways: a link longer than MAX_LINK_CHARS is not made (a
 * larger pack is handed out as a file), and a link is decompressed only up to MAX_PACK_CHARS.
 */
import { compressToEncodedURIComponent } from 'lz-string';
import { decompressBounded } from '../sharing/boundedDecompress';
import { MAX_LINK_CHARS } from '../sharing/shareLink';
import { MAX_PACK_CHARS } from './pack';
import { digits } from '../text/digits';

export const PACK_LINK_PREFIX = '#/course/';

export type PackLink = { kind: 'ok'; fragment: string } | { kind: 'too-long'; length: number };

/** The fragment that opens a pack, or too-long past MAX_LINK_CHARS. */
export function encodePackLink(text: string): PackLink {
  const fragment = `${PACK_LINK_PREFIX}${compressToEncodedURIComponent(text)}`;
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
