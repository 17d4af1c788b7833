/** scripts/png8.ts: the screenshot's palette, exact for an image of few colours, nearest for the rest. */
import { describe, expect, it } from 'vitest';
import { readPng, writePng8 } from './png8';

/** A width × height image whose pixel i is colour(i). */
function image(width: number, height: number, colour: (i: number) => [number, number, number]) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) pixels.set(colour(i), i * 3);
  return { width, height, pixels };
}

describe('writePng8', () => {
  it('keeps every pixel of an image of at most 256 colours', () => {
    // 200 colours, each used twice or more.
    const source = image(37, 11, (i) => [((i % 200) * 7) % 256, (i % 200) % 97, i % 200 < 100 ? 255 : 0]);
    const back = readPng(writePng8(source));
    expect(back.width).toBe(37);
    expect(back.height).toBe(11);
    expect(back.pixels.equals(source.pixels)).toBe(true);
  });

  it('gives a colour left out of the palette its nearest one', () => {
    // Nine of each of the first four greys, one of a fifth, close to the second: a palette of four.
    const greys = [0, 100, 180, 255];
    const source = image(37, 1, (i) => {
      const v = i === 36 ? 104 : greys[i % 4]!;
      return [v, v, v];
    });
    const back = readPng(writePng8(source, 4));
    expect([...back.pixels.subarray(36 * 3)]).toEqual([100, 100, 100]);
    expect(back.pixels.subarray(0, 36 * 3).equals(source.pixels.subarray(0, 36 * 3))).toBe(true);
  });
});
