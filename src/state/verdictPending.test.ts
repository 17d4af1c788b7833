import { describe, expect, it } from 'vitest';
import { makePrincipal } from '../core/store/entities';
import { checksReplaying, compareAnswered } from './playgroundState';

describe('a verdict whose answer is on its way from the engine', () => {
  it('holds the checks while a Run, an import or a rule switch replays', () => {
    expect(checksReplaying({ running: 'rules' })).toBe(true);
    expect(checksReplaying({ running: 'run' })).toBe(true);
    expect(checksReplaying({ running: null })).toBe(false);
  });

  it('holds the compare verdict until the answer is about the principal now chosen', () => {
    const alice = makePrincipal('alice', 'task-9', 'planner');
    const bob = makePrincipal('bob', 'task-17', 'planner');
    expect(compareAnswered(bob, alice)).toBe(false);
    expect(compareAnswered(bob, makePrincipal('bob', 'task-17', 'planner'))).toBe(true);
    expect(compareAnswered(null, alice)).toBe(false);
    expect(compareAnswered(bob, undefined)).toBe(false);
  });
});
