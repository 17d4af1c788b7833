import { describe, expect, it } from 'vitest';
import { drain, PAUSE, type Work } from './work';
import { slicer, SUPERSEDED } from './slicer';

/** Work of `n` units: counts how far it got, and returns the sum 0 + 1 + ... + (n - 1). */
function* counting(n: number, done: { units: number }): Work<number> {
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += i;
    done.units++;
    yield;
  }
  return sum;
}

/** A clock that moves 1 ms at each reading. */
const ticking = () => {
  let t = 0;
  return () => t++;
};

describe('slicer', () => {
  it('gives the result at once for work done within one slice', () => {
    const run = slicer(() => Promise.resolve(), 1_000, ticking());
    expect(run(counting(10, { units: 0 }), () => false)).toBe(45);
  });

  it('pauses whenever a slice has used its budget, and gives what the work drained at once gives', async () => {
    let pauses = 0;
    const run = slicer(
      () => {
        pauses++;
        return Promise.resolve();
      },
      10,
      ticking(),
    );
    const out = run(counting(100, { units: 0 }), () => false);
    expect(out).toBeInstanceOf(Promise);
    expect(await out).toBe(drain(counting(100, { units: 0 })));
    // The clock moves 1 ms at each reading, once per unit: a 10 ms slice holds 10 of the 100 units.
    expect(pauses).toBe(10);
  });

  it('pauses where the work says it must, however much of the slice is left', async () => {
    const order: string[] = [];
    function* marked(): Work<string> {
      order.push('before');
      yield PAUSE;
      order.push('after');
      return 'done';
    }
    const run = slicer(
      () => {
        order.push('pause');
        return Promise.resolve();
      },
      1_000,
      ticking(),
    );
    expect(await run(marked(), () => false)).toBe('done');
    expect(order).toEqual(['before', 'pause', 'after']);
  });

  it('stops a superseded job at its next pause, doing no more of it', async () => {
    let superseded = false;
    const done = { units: 0 };
    const run = slicer(
      () => {
        superseded = true;
        return Promise.resolve();
      },
      3,
      ticking(),
    );
    const out = run(counting(100, done), () => superseded);
    expect(await out).toBe(SUPERSEDED);
    const before = done.units;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done.units).toBe(before);
    expect(before).toBeLessThan(100);
  });
});
