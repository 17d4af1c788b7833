import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { decompressBounded } from './boundedDecompress';

const asLz = (encoded: string): string | null => {
  const out = decompressBounded(encoded, Infinity);
  return out.kind === 'ok' ? out.text : null;
};
const lz = (encoded: string): string | null => {
  try {
    return decompressFromEncodedURIComponent(encoded) || null;
  } catch {
    return null;
  }
};

describe('decompressBounded', () => {
  it('gives back what lz-string compressed, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const encoded = compressToEncodedURIComponent(text);
        expect(asLz(encoded)).toBe(lz(encoded));
      }),
    );
    const seed = readFileSync('fixtures/scenario.json', 'utf8');
    expect(asLz(compressToEncodedURIComponent(seed))).toBe(seed);
  });

  it('agrees with lz-string on damaged input wherever lz-string gives text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'ABCdef0129+-$ %'), maxLength: 60 }), (encoded) => {
        const mine = asLz(encoded);
        if (mine !== null) expect(mine).toBe(lz(encoded));
      }),
    );
  });

  it('calls input damaged exactly where lz-string gives nothing, garbage where it reads past its table', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'ABCdef0129+-$ %'), maxLength: 60 }), (encoded) => {
        const out = decompressBounded(encoded, Infinity);
        expect(['ok', 'damaged']).toContain(out.kind);
        if (lz(encoded) === null) expect(out.kind).toBe('damaged');
      }),
    );
    expect(decompressBounded('', 10)).toEqual({ kind: 'damaged' });
  });

  it('gives back text of exactly the bound, and refuses one character more', () => {
    const text = 'the plan is the plan is the plan';
    const encoded = compressToEncodedURIComponent(text);
    expect(decompressBounded(encoded, text.length)).toEqual({ kind: 'ok', text });
    expect(decompressBounded(encoded, text.length - 1).kind).toBe('too-long');
  });

  it('stops just past the bound on a link that expands to 20 MB', () => {
    const hash = readFileSync('fixtures/hostile/link-question-20mb.txt', 'utf8').trim();
    const out = decompressBounded(hash.slice('#v1.'.length), 4_100_000);
    expect(out.kind).toBe('too-long');
    expect(out.kind === 'too-long' && out.atLeast).toBeLessThan(4_200_000);
  });
});
