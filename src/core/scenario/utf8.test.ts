import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8Strict, firstInvalidUtf8 } from './utf8';

const bytes = (...values: number[]) => Uint8Array.from(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('decodeUtf8Strict', () => {
  it('decodes valid UTF-8, keeping a byte-order mark as text (the seed then refuses it as JSON)', () => {
    expect(decodeUtf8Strict(utf8('a é \u{1f600}'))).toEqual({ kind: 'ok', text: 'a é \u{1f600}' });
    expect(decodeUtf8Strict(bytes(0xef, 0xbb, 0xbf, 0x7b))).toEqual({ kind: 'ok', text: '\ufeff{' });
  });

  it('names the line, the column in characters and the byte offset of the first bad byte', () => {
    const text = Uint8Array.from([...utf8('{\n  "t": "é'), 0xff, 0xfe, ...utf8('"\n}')]);
    expect(decodeUtf8Strict(text)).toEqual({
      kind: 'invalid',
      offset: 12,
      line: 2,
      column: 10,
      message: 'not UTF-8: invalid byte sequence starting with 0xFF at byte offset 12',
    });
  });

  it.each([
    ['an overlong encoding', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a truncated sequence', [0xe2, 0x82]],
    ['a lone continuation byte', [0x80]],
  ])('refuses %s, as Python does', (_, sequence) => {
    expect(decodeUtf8Strict(bytes(0x61, ...sequence, 0x62))).toMatchObject({ kind: 'invalid', offset: 1, column: 2 });
  });

  it('agrees with the platform strict decoder on random bytes', () => {
    const strict = new TextDecoder('utf-8', { fatal: true });
    const unit = fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0x80, 0xbf, 0xc2, 0xe0, 0xed, 0xf0, 0xf4));
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), (values) => {
        const input = Uint8Array.from(values);
        let valid = true;
        try {
          strict.decode(input);
        } catch {
          valid = false;
        }
        expect(firstInvalidUtf8(input) === -1).toBe(valid);
        if (!valid) {
          // The bytes before the reported offset decode; the sequence at it does not.
          const at = firstInvalidUtf8(input);
          expect(() => strict.decode(input.subarray(0, at))).not.toThrow();
        }
      }),
      { numRuns: 5_000 },
    );
  });

  it('accepts the code points at the edges of each sequence length and lead byte', () => {
    for (const text of [
      '\u0080',
      '\u07ff',
      '\u0800',
      '\ud7ff',
      '\ue000',
      '\uffff',
      '\u{10000}',
      '\u{fffff}',
      '\u{10ffff}',
    ]) {
      // The scan locates what the platform decoder refused: it must refuse nothing the decoder accepts.
      expect(firstInvalidUtf8(utf8(text)), text).toBe(-1);
      expect(decodeUtf8Strict(utf8(text)), text).toEqual({ kind: 'ok', text });
    }
  });

  it('counts a byte-order mark as a character of the first line', () => {
    expect(decodeUtf8Strict(bytes(0xef, 0xbb, 0xbf, 0x61, 0xff))).toMatchObject({
      kind: 'invalid',
      line: 1,
      column: 3,
    });
  });
});
