/**
 * The last good timeline in the seed's isolation-result.json format, as the command line writes it (the
 * Export). The worker carries it (worker.ts); an engine in the page's own thread loads it when first asked
 * for (lazySeedResult.ts), so the page's entry JavaScript carries neither the format nor its JSON writer.
 */
import { pythonDumps } from '../../core/python/jsonDumps';
import { toSeedResult } from '../../core/replay/seedResult';
import type { Timeline } from '../../core/replay/replayText';

export const seedResultOf = (timeline: Timeline): string => `${pythonDumps(toSeedResult(timeline))}\n`;
