/**
 * A duration in milliseconds a command waits with a timer. Node's timers hold at most 2^31 − 1 ms (about
 * 24.8 days); a larger delay is turned into 1 ms with only a warning, so `--timeout-ms 3000000000` failed
 * a conforming adapter at once. Every such option is read here, its range said in its message.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** The milliseconds `text` gives `name`, or the message that says what was wrong with it. */
export function timerMs(name: string, text: string): { kind: 'ok'; ms: number } | { kind: 'bad'; message: string } {
  const ms = /^[1-9][0-9]*$/.test(text) ? Number(text) : Number.NaN;
  return Number.isSafeInteger(ms) && ms <= MAX_TIMER_MS
    ? { kind: 'ok', ms }
    : {
        kind: 'bad',
        message: `${name} takes a whole number of milliseconds from 1 to ${MAX_TIMER_MS} (about 24.8 days), not ${JSON.stringify(text)}`,
      };
}
