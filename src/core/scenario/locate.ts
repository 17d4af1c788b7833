/**
 * Where JSON paths are in a text, many at once, in one pass. A syntax tree of the whole text
 * (jsonc-parser's parseTree) cost 2.5 s for a 22 MB file; this walks only into the containers some
 * path passes through and skips everything else at scanning speed, so locating N problems costs
 * O(text + N log lines). The text must be JSON that JSON.parse accepted and the depth check passed.
 */
import type { PathSegment } from './jsonPath';
import { lineIndex, located, type Problem } from './jsonText';

/** A path to locate; with `key`, the key of that property of the value at `path` (an unknown field). */
export interface Target {
  path: readonly PathSegment[];
  key?: string;
}

export type Span = Omit<Problem, 'message' | 'path'>;

interface Trie {
  /** Created only when a path goes on from here: 100,000 targets would otherwise cost 200,000 Maps. */
  children: Map<PathSegment, Trie> | null;
  keys: Map<string, Trie> | null;
  /** Where the value (or, for a key entry, the key) was found; -1 until then. */
  offset: number;
  length: number;
}

const trie = (): Trie => ({ children: null, keys: null, offset: -1, length: 0 });

/** What ends a number or literal: white space, a comma or a closing bracket. */
const isDelimiter = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 44 || c === 93 || c === 125;

/** The longest span a problem marks: a whole step would paint the editor red to the end. */
const MAX_SPAN = 200;

/**
 * Spans for each target, in order: the value at its path, or for a missing field the nearest
 * enclosing value that exists; for a key target the key itself. A repeated key is found where it
 * first appears, as jsonc-parser's findNodeAtLocation does.
 */
export function locateAll(text: string, targets: readonly Target[]): Span[] {
  if (targets.length === 0) return [];
  const root = trie();
  for (const target of targets) {
    let node = root;
    for (const segment of target.path) {
      node.children ??= new Map();
      let child = node.children.get(segment);
      if (child === undefined) node.children.set(segment, (child = trie()));
      node = child;
    }
    if (target.key !== undefined) {
      node.keys ??= new Map();
      if (!node.keys.has(target.key)) node.keys.set(target.key, trie());
    }
  }
  let i = 0;
  const space = () => {
    for (let c = text.charCodeAt(i); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++i));
  };
  // Jumping to the next quote natively (indexOf) is several times faster than walking each unit.
  const skipString = () => {
    for (let end = text.indexOf('"', i + 1); ; end = text.indexOf('"', end + 1)) {
      let slashes = 0;
      while (text.charCodeAt(end - 1 - slashes) === 92) slashes++;
      if (slashes % 2 === 0) {
        i = end + 1;
        return;
      }
    }
  };
  /** Skip one value, brackets counted (strings skipped), without recursion. */
  const skip = () => {
    let depth = 0;
    do {
      const c = text.charCodeAt(i);
      if (c === 34) {
        skipString();
        continue;
      }
      if (c === 91 || c === 123) depth++;
      else if (c === 93 || c === 125) depth--;
      else if (depth === 0) {
        // A scalar at the top: a number or a literal runs to the next delimiter.
        for (let d = text.charCodeAt(i); i < text.length && !isDelimiter(d); d = text.charCodeAt(++i));
        return;
      }
      i++;
    } while (depth > 0 && i < text.length);
  };
  /** One array element or object member's value (a target not yet found is visited), and its comma. */
  const member = (child: Trie | undefined) => {
    if (child !== undefined && child.offset === -1) visit(child);
    else {
      space();
      skip();
    }
    space();
    if (text.charCodeAt(i) === 44) i++;
    space();
  };
  // Recursion only along targets' paths, which are no deeper than the text (at most MAX_DEPTH).
  const visit = (node: Trie) => {
    space();
    node.offset = i;
    const c = text.charCodeAt(i);
    const wanted = node.children !== null || node.keys !== null;
    if (!wanted || (c !== 123 && c !== 91)) skip();
    else if (c === 91) {
      i++;
      space();
      for (let index = 0; text.charCodeAt(i) !== 93; index++) {
        const child = node.children?.get(index);
        member(child);
      }
      i++;
    } else {
      i++;
      space();
      while (text.charCodeAt(i) !== 125) {
        const keyStart = i;
        skipString();
        // Most keys hold no escape: slicing is much cheaper than JSON.parse.
        const raw = text.slice(keyStart + 1, i - 1);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        const keyEntry = node.keys?.get(key);
        if (keyEntry !== undefined && keyEntry.offset === -1) {
          keyEntry.offset = keyStart;
          keyEntry.length = i - keyStart;
        }
        space();
        i++; // the colon
        const child = node.children?.get(key);
        member(child);
      }
      i++;
    }
    node.length = i - node.offset;
  };
  visit(root);
  const at = lineIndex(text);
  return targets.map((target) => {
    let found = root;
    let node: Trie | undefined = root;
    for (const segment of target.path) {
      node = node.children?.get(segment);
      if (node === undefined || node.offset === -1) break;
      found = node;
    }
    const keyEntry = found === node && target.key !== undefined ? found.keys?.get(target.key) : undefined;
    const span = keyEntry !== undefined && keyEntry.offset !== -1 ? keyEntry : found;
    const { message: _m, path: _p, ...where } = located(at, '', '', span.offset, Math.min(span.length, MAX_SPAN));
    return where;
  });
}
