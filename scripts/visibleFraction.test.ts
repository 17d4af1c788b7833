import { describe, expect, it } from 'vitest';
import { visibleFraction } from './visibleFraction';

const box = (left: number, top: number, right: number, bottom: number) => ({ left, top, right, bottom });
const viewport = box(0, 0, 1280, 720);

describe('visibleFraction', () => {
  it('is 1 for a row inside the viewport and its pane', () => {
    expect(visibleFraction(box(10, 100, 410, 160), [viewport, box(0, 50, 600, 700)])).toBe(1);
  });

  it('is the share left once a scrolling pane cuts the row', () => {
    // The pane ends at 130: 30 of the row's 60 px show.
    expect(visibleFraction(box(10, 100, 410, 160), [viewport, box(0, 50, 600, 130)])).toBe(0.5);
  });

  it('is 0 for a row scrolled out of its pane although it lies inside the viewport', () => {
    expect(visibleFraction(box(10, 400, 410, 460), [viewport, box(0, 50, 600, 300)])).toBe(0);
  });

  it('is cut by the viewport too: a row below the fold', () => {
    expect(visibleFraction(box(0, 700, 100, 740), [viewport])).toBe(0.5);
  });

  it('takes the tightest of nested clips, across both axes', () => {
    const outer = box(0, 0, 1000, 1000);
    const inner = box(50, 0, 100, 1000);
    expect(visibleFraction(box(0, 0, 200, 100), [viewport, outer, inner])).toBe(0.25);
  });

  it('is 0 for a box that is not rendered', () => {
    expect(visibleFraction(box(0, 0, 0, 0), [viewport])).toBe(0);
  });

  it('forgives a sub-pixel sliver, not a pixel', () => {
    expect(visibleFraction(box(0, 100, 400, 160.3), [box(0, 0, 1280, 160)])).toBe(1);
    expect(visibleFraction(box(0, 100, 400, 162), [box(0, 0, 1280, 160)])).toBeLessThan(1);
  });
});
