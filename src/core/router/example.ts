/** The seed's invented example: two rooms, two banks, one private canary (example_router()). */
import { type ContextPolicy, type Memory, MemoryRouter, type Scorer, tokenScore } from './router';

/** The seed's two recognised contexts. */
export const EXAMPLE_CONTEXTS: Readonly<Record<string, ContextPolicy>> = Object.freeze({
  'general-room': { context_id: 'general-example', read_banks: ['general'], write_bank: 'general' },
  'private-room': { context_id: 'private-example', read_banks: ['general', 'private'], write_bank: 'private' },
});

const memory = (memory_id: string, content: string, source_id: string): Memory =>
  Object.freeze({ memory_id, content, source_id });

/** The seed's two banks, the private one holding the canary "cedar-lantern". */
export const EXAMPLE_BANKS: Readonly<Record<'general' | 'private', readonly Memory[]>> = Object.freeze({
  general: Object.freeze([
    memory('general-1', 'Release checklists require rollback evidence.', 'doc-1'),
    memory('general-2', 'Unknown contexts cannot write memory.', 'doc-2'),
  ]),
  private: Object.freeze([
    memory('private-canary', 'Private canary: cedar-lantern.', 'doc-3'),
    memory('private-2', 'Rollback evidence belongs with the private review.', 'doc-4'),
  ]),
});

/** A fresh router over the seed's example contexts and banks. */
export function exampleRouter(scorer: Scorer = tokenScore): MemoryRouter {
  return new MemoryRouter(EXAMPLE_CONTEXTS, EXAMPLE_BANKS, scorer);
}
