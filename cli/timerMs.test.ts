import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, timerMs } from './timerMs';

describe('timerMs', () => {
  it("takes 1 to 2^31 − 1 milliseconds, Node's timer range", () => {
    expect(timerMs('--timeout-ms', '1')).toEqual({ kind: 'ok', ms: 1 });
    expect(timerMs('--timeout-ms', String(MAX_TIMER_MS))).toEqual({ kind: 'ok', ms: 2_147_483_647 });
  });

  it.each(['3000000000', '2147483648', '0', '-5', '1.5', '1e3', '', 'soon'])('refuses %j, naming the range', (text) => {
    const read = timerMs('--line-timeout-ms', text);
    expect(read.kind).toBe('bad');
    expect(read.kind === 'bad' && read.message).toContain(
      '--line-timeout-ms takes a whole number of milliseconds from 1 to 2147483647',
    );
  });
});
