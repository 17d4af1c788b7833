import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from '../zod';
import { acceptorFor } from './fastAccept';
import { scenarioSchema } from './scenario';

const project = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const scenarios = [
  'fixtures/scenario.json',
  ...readdirSync(new URL('../../../fixtures/golden', import.meta.url))
    .filter((f) => f.endsWith('.scenario.json'))
    .map((f) => `fixtures/golden/${f}`),
].map((path) => JSON.parse(project(path)) as unknown);

/** A seeded generator of near-misses: values dropped, swapped for junk, keys added, removed or reordered. */
function mutator(seed: number) {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const junk = [null, 0, '', 'write', 'query', true, [], {}, ['a', 'b', 'c'], ['a', 'b', 'c', 'd'], { op: 'write' }];
  const keys = [
    'op',
    'as',
    'scope',
    'id',
    'text',
    'user_id',
    'expect',
    'items',
    'current',
    'user',
    'accepted',
    'reads',
    'steps',
    '__proto__',
    'extra',
  ];
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const mutate = (value: unknown, depth = 0): unknown => {
    if (random() < 0.03 || depth > 6) return pick(junk);
    if (Array.isArray(value))
      return value.map((x) => (random() < 0.15 ? mutate(x, depth + 1) : x)).slice(0, random() < 0.03 ? -1 : undefined);
    if (value === null || typeof value !== 'object') return value;
    let entries = Object.entries(value).map(([k, x]): [string, unknown] => [
      k,
      random() < 0.15 ? mutate(x, depth + 1) : x,
    ]);
    if (random() < 0.04) entries = entries.filter(() => random() > 0.3);
    if (random() < 0.04) entries.push([pick(keys), pick(junk)]);
    if (random() < 0.04) entries.reverse();
    return JSON.parse(`{${entries.map(([k, x]) => `${JSON.stringify(k)}:${JSON.stringify(x)}`).join(',')}}`);
  };
  return { mutate, pick };
}

describe('acceptorFor', () => {
  it('accepts every recorded scenario', () => {
    const accept = acceptorFor(scenarioSchema)!;
    for (const scenario of scenarios) expect(accept(scenario)).toBe(true);
  });

  it('says yes only where zod succeeds with output identical to the input, key order included', () => {
    const accept = acceptorFor(scenarioSchema)!;
    const { mutate, pick } = mutator(11);
    let yes = 0;
    for (let i = 0; i < 3000; i++) {
      const text = JSON.stringify(mutate(pick(scenarios)));
      if (text === undefined) continue;
      const value = JSON.parse(text) as unknown;
      if (!accept(value)) continue;
      yes += 1;
      const parsed = scenarioSchema.safeParse(value);
      expect(parsed.success && JSON.stringify(parsed.data)).toBe(text);
    }
    expect(yes).toBeGreaterThan(100);
  });

  it('has no acceptor for a schema with checks, transforms or defaults', () => {
    expect(acceptorFor(z.string().check(z.minLength(1)))).toBeNull();
    expect(
      acceptorFor(
        z.object({
          a: z.pipe(
            z.string(),
            z.transform((s) => s.length),
          ),
        }),
      ),
    ).toBeNull();
    expect(acceptorFor(z.object({ a: z._default(z.string(), 'x') }))).toBeNull();
    expect(acceptorFor(z.catchall(z.object({ a: z.string() }), z.string()))).toBeNull();
  });

  it('leaves an optional field it cannot judge to zod when present, and still says yes without it', () => {
    const accept = acceptorFor(z.strictObject({ a: z.string(), b: z.optional(z.string().check(z.minLength(1))) }))!;
    expect(accept({ a: 'x' })).toBe(true);
    expect(accept({ a: 'x', b: 'y' })).toBe(false);
    expect(acceptorFor(z.strictObject({ a: z.string().check(z.minLength(1)) }))).toBeNull();
  });

  it("tries only the option a discriminated union's tag names, and every option of any other union", () => {
    const tagged = acceptorFor(
      z.union([
        z.strictObject({ op: z.literal('a'), x: z.string() }),
        z.strictObject({ op: z.literal('b'), y: z.string() }),
      ]),
    )!;
    expect(tagged({ op: 'a', x: '1' })).toBe(true);
    expect(tagged({ op: 'b', y: '1' })).toBe(true);
    expect(tagged({ op: 'a', y: '1' })).toBe(false);
    expect(tagged({ op: 'c', x: '1' })).toBe(false);
    expect(tagged(Object.create({ op: 'a', x: '1' }))).toBe(false);
    const plain = acceptorFor(
      z.union([z.strictObject({ x: z.string() }), z.strictObject({ op: z.literal('b'), y: z.string() })]),
    )!;
    expect(plain({ x: '1' })).toBe(true);
    expect(plain({ op: 'b', y: '1' })).toBe(true);
    expect(acceptorFor(z.union([z.string(), z.tuple([z.string()])]))!(['s'])).toBe(true);
  });

  it('refuses unknown keys, keys out of order and missing required keys', () => {
    const accept = acceptorFor(z.strictObject({ a: z.string(), b: z.optional(z.string()) }))!;
    expect(accept({ a: 'x' })).toBe(true);
    expect(accept({ a: 'x', b: 'y' })).toBe(true);
    expect(accept({ b: 'y', a: 'x' })).toBe(false);
    expect(accept({ a: 'x', c: 'z' })).toBe(false);
    expect(accept({ b: 'y' })).toBe(false);
    expect(accept(JSON.parse('{"a": "x", "__proto__": "y"}'))).toBe(false);
    expect(accept(Object.assign(Object.create({ b: 'y' }) as object, { a: 'x' }))).toBe(false);
  });
});

describe('metadata checks', () => {
  it("ignores zod/mini's describe, which refuses nothing, but not a check on an optional field", () => {
    const described = acceptorFor(
      z.strictObject({ a: z.string().check(z.describe('a text')), b: z.optional(z.string()).check(z.describe('b')) }),
    )!;
    expect(described({ a: 'x', b: 'y' })).toBe(true);
    const refined = acceptorFor(
      z.strictObject({ a: z.string(), b: z.optional(z.string()).check(z.refine((s) => s !== 'no')) }),
    )!;
    expect(refined({ a: 'x' })).toBe(true);
    expect(refined({ a: 'x', b: 'no' })).toBe(false);
    expect(
      z.strictObject({ b: z.optional(z.string()).check(z.refine((s) => s !== 'no')) }).safeParse({ b: 'no' }).success,
    ).toBe(false);
  });
});
