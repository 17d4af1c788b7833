import { describe, expect, it } from 'vitest';
import { evidenceScroll } from './evidenceScroll';

const rows = [
  { top: 300, bottom: 380 },
  { top: 390, bottom: 470 },
];

describe('evidenceScroll', () => {
  it('leaves the pane alone when the rows already show', () => {
    expect(evidenceScroll(0, 500, [rows])).toBeNull();
  });

  it('scrolls down just enough to show the lowest row, keeping what is above in view', () => {
    expect(evidenceScroll(0, 400, [rows])).toBe(70);
  });

  it('scrolls up to the highest row when the pane was scrolled past it', () => {
    expect(evidenceScroll(350, 400, [rows])).toBe(300);
  });

  it('shows the leaked rows alone when not every row fits', () => {
    expect(evidenceScroll(0, 120, [rows, [{ top: 390, bottom: 470 }]])).toBe(350);
  });

  it('puts the first leaked row at the top when even those do not fit', () => {
    expect(evidenceScroll(0, 50, [rows, [{ top: 390, bottom: 470 }]])).toBe(390);
  });

  it('drops the headline above the rows before it drops a row', () => {
    const headline = { top: 200, bottom: 240 };
    expect(evidenceScroll(0, 240, [[headline, ...rows], rows])).toBe(230);
  });

  it('does nothing without rows', () => {
    expect(evidenceScroll(10, 400, [[], []])).toBeNull();
  });
});
