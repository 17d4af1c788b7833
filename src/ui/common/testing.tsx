/** Component-test helper: a fresh store from the factory, in memory, around the UI under test. */
import { inPageEngines } from '../../engine/worker/inPage';
import type { ReactElement } from 'react';
import type { StoreEngine } from '../../engine/protocol';
import { render } from '@testing-library/react';
import { createPlaygroundStore } from '../../state/playgroundStore';
import { memoryTextStorage, type TextStorage } from '../../state/storage';
import { SEED_TEXT, seedAnswerBook } from '../../state/seedData';
import { PlaygroundProvider } from './playground';

/** A playground store on the seed, in memory; `engine` answers in place of the in-page one when given. */
export function seedStore({
  storage = memoryTextStorage(),
  engine,
}: { storage?: TextStorage; engine?: StoreEngine } = {}) {
  return createPlaygroundStore({
    seedText: SEED_TEXT,
    storage,
    answers: seedAnswerBook(),
    engines: inPageEngines(),
    ...(engine === undefined ? {} : { engine }),
  });
}

export function renderWithStore(ui: ReactElement, storage: TextStorage = memoryTextStorage()) {
  const store = seedStore({ storage });
  return { store, ...render(<PlaygroundProvider store={store}>{ui}</PlaygroundProvider>) };
}
