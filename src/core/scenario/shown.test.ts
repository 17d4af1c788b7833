import { describe, expect, it } from 'vitest';
import { cappedLines, capProblems, moreLine, SHOWN_PROBLEMS } from './shown';

describe('capped reports', () => {
  it('show the first SHOWN_PROBLEMS and count the rest in one line', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `problem ${i}`);
    const capped = cappedLines(lines);
    expect(capped).toHaveLength(SHOWN_PROBLEMS + 1);
    expect(capped[SHOWN_PROBLEMS - 1]).toBe(`problem ${SHOWN_PROBLEMS - 1}`);
    expect(capped.at(-1)).toBe(`… and ${20_000 - SHOWN_PROBLEMS} more`);
  });

  it('leave a short report as it is', () => {
    expect(cappedLines(['a', 'b'], 2)).toEqual(['a', 'b']);
    expect(capProblems([1, 2, 3], 2)).toEqual({ shown: [1, 2], more: 1 });
    expect(moreLine(5)).toBe('… and 5 more');
  });
});

describe('capped reports at their edges', () => {
  it('leave out nothing at exactly the limit, and count one past it', () => {
    expect(capProblems(['a', 'b'], 2)).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(capProblems(['a'], 2)).toEqual({ shown: ['a'], more: 0 });
    expect(cappedLines(['a', 'b', 'c'], 2)).toEqual(['a', 'b', '… and 1 more']);
    expect(capProblems(Array.from({ length: SHOWN_PROBLEMS + 1 }, (_, i) => i)).more).toBe(1);
  });
});
