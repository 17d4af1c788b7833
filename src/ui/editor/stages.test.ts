import { describe, expect, it } from 'vitest';
import { inStages } from './stages';

describe('loading in stages', () => {
  it('runs each stage after the one before has finished, with a pause between two and none after', async () => {
    const log: string[] = [];
    const stage = (name: string) => async () => {
      log.push(`start ${name}`);
      await Promise.resolve();
      log.push(`end ${name}`);
    };
    await inStages([stage('a'), stage('b'), stage('c')], async () => void log.push('pause'));
    expect(log).toEqual(['start a', 'end a', 'pause', 'start b', 'end b', 'pause', 'start c', 'end c']);
  });

  it('stops at a stage that fails, and says why', async () => {
    const ran: string[] = [];
    const failing = inStages(
      [
        async () => void ran.push('a'),
        () => Promise.reject(new Error('chunk not found')),
        async () => void ran.push('c'),
      ],
      async () => {},
    );
    await expect(failing).rejects.toThrow('chunk not found');
    expect(ran).toEqual(['a']);
  });
});
