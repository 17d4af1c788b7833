import fc from 'fast-check';
import { parseTree } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import type { PathSegment } from './jsonPath';
import { locateAll, type Target } from './locate';
import { locator } from './scenario';

// The mutation run asks for fewer runs per property (CORE_PROPERTY_RUNS), as for the store's properties.
const RUNS = { numRuns: Number(process.env.CORE_PROPERTY_RUNS ?? 400) };

/** Every path in a value, and a few that are not there (a missing index, a missing field). */
function pathsOf(value: unknown, path: PathSegment[] = [], out: Target[] = []): Target[] {
  out.push({ path });
  if (Array.isArray(value)) {
    value.forEach((child, index) => pathsOf(child, [...path, index], out));
    out.push({ path: [...path, value.length] });
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      pathsOf(child, [...path, key], out);
      out.push({ path, key });
    }
    out.push({ path: [...path, 'missing', 0] }, { path, key: 'missing' });
  }
  return out;
}

describe('locateAll', () => {
  it('finds every path of random JSON texts where the syntax-tree locator finds it', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 4 }), fc.constantFrom(0, 1, 2), (json, indent) => {
        const text = JSON.stringify(JSON.parse(json), null, indent);
        const targets = pathsOf(JSON.parse(text));
        const slow = locator(text, parseTree(text));
        expect(locateAll(text, targets)).toEqual(targets.map((t) => slow([...t.path], t.key)));
      }),
      RUNS,
    );
  });

  it('finds a repeated key where it first appears, as the tree does', () => {
    const text = '{"a": 1, "b": {"c": "x"}, "a": [2]}';
    const targets: Target[] = [{ path: ['a'] }, { path: [], key: 'a' }, { path: ['b', 'c'] }];
    const slow = locator(text, parseTree(text));
    expect(locateAll(text, targets)).toEqual(targets.map((t) => slow([...t.path], t.key)));
  });

  it('finds any subset of the paths in JSON written by hand, white space between every token', () => {
    const gaps = fc.array(fc.constantFrom('', ' ', '\t', '\n', '\r\n', ' \t '), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(fc.json({ maxDepth: 4 }), gaps, fc.infiniteStream(fc.boolean()), (json, spaces, keep) => {
        const text = handWritten(JSON.parse(json), spaces);
        const every = pathsOf(JSON.parse(text));
        const targets = every.filter(() => keep.next().value);
        const slow = locator(text, parseTree(text));
        expect(locateAll(text, targets)).toEqual(targets.map((t) => slow([...t.path], t.key)));
      }),
      RUNS,
    );
  });
});

/** `value` as JSON with one of `spaces` (in turn) around every token, as a person might type it. */
function handWritten(value: unknown, spaces: readonly string[]): string {
  let n = 0;
  const gap = () => spaces[n++ % spaces.length]!;
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return `[${gap()}${v.map((child) => `${write(child)}${gap()}`).join(`,${gap()}`)}]`;
    if (typeof v === 'object' && v !== null) {
      const members = Object.entries(v).map(
        ([k, child]) => `${JSON.stringify(k)}${gap()}:${gap()}${write(child)}${gap()}`,
      );
      return `{${gap()}${members.join(`,${gap()}`)}}`;
    }
    return JSON.stringify(v);
  };
  return `${gap()}${write(value)}${gap()}`;
}
