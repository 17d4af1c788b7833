/**
 * The Export of an engine in the page's own thread (local.ts, and client.ts once its worker is given up):
 * the timeline held when asked, written once seedResult.ts has loaded. The worker loads it at once.
 */
import type { Timeline } from '../../core/replay/replayText';

export const lazySeedResult = (held: () => Timeline) => (): Promise<string> => {
  const timeline = held();
  return import('./seedResult').then(({ seedResultOf }) => seedResultOf(timeline));
};
