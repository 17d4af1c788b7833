/**
 * The Export of an engine in the page's own thread, its writer loaded when first asked for: the seed's
 * recorded isolation-result.json byte for byte, of the timeline held when asked.
 */
import { describe, expect, it } from 'vitest';
import { projectText } from '../../core/testing/fixtures';
import { SEED_TEXT, seedAnswerBook } from '../../state/seedData';
import { localEngine } from './local';

describe('the Export of an in-page engine', () => {
  it('writes the seed’s recorded result, of the timeline held when it was asked for', async () => {
    const engine = localEngine(seedAnswerBook());
    engine.run({ text: SEED_TEXT, rulesOff: [], mode: 'run' });
    const exported = engine.seedResult();
    // A later run does not change an Export already asked for.
    engine.run({ text: SEED_TEXT, rulesOff: ['taskCheck'], mode: 'run' });
    expect(await exported).toBe(projectText('recorded/isolation-result.json'));
    expect(await engine.seedResult()).not.toBe(projectText('recorded/isolation-result.json'));
  });
});
