import { describe, expect, it } from 'vitest';
import { withEachPause } from './brackets';
import { drain, type Work } from './work';

describe('work with a call at each pause', () => {
  it('calls after each pause point, before the pause, and gives the work’s result', () => {
    const log: string[] = [];
    const work = (function* (): Work<string> {
      log.push('piece 1');
      yield;
      log.push('piece 2');
      yield;
      return 'placed';
    })();
    expect(drain(withEachPause(work, () => log.push('brackets')))).toBe('placed');
    expect(log).toEqual(['piece 1', 'brackets', 'piece 2', 'brackets']);
  });
});
