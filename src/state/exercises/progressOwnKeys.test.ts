import { describe, expect, it } from 'vitest';
import { NO_TASK, type Progress, revealHint, taskProgress } from './progressLogic';
import { EXERCISES } from './testExercises';

describe('progress keyed by lesson and task IDs from a pack', () => {
  it('finds no progress for a lesson or a task named after what an object inherits', () => {
    expect(taskProgress({}, 'constructor', 'toString')).toBe(NO_TASK);
    expect(taskProgress({}, 'toString', 'x')).toBe(NO_TASK);
  });

  it('records a hint for a task named toString in a lesson named __proto__, as data', () => {
    const exercise = { ...EXERCISES[0]!, id: 'toString' };
    const progress: Progress = revealHint({}, '__proto__', [exercise], exercise);
    expect(Object.hasOwn(progress, '__proto__')).toBe(true);
    expect(taskProgress(progress, '__proto__', 'toString').hints).toBe(1);
    expect(Object.getPrototypeOf(progress)).toBe(Object.prototype);
  });
});
