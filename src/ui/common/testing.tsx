/** Component-test helper: a fresh store from the factory, in memory, around the UI under test. */
import { inPageEngines } from '../../engine/worker/inPage';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createPlaygroundStore } from '../../state/playgroundStore';
import { memoryTextStorage, type TextStorage } from '../../state/storage';
import { SEED_TEXT, seedAnswerBook } from '../../state/seedData';
import { PlaygroundProvider } from './playground';

export function renderWithStore(ui: ReactElement, storage: TextStorage = memoryTextStorage()) {
  const store = createPlaygroundStore({
    seedText: SEED_TEXT,
    storage,
    answers: seedAnswerBook(),
    engines: inPageEngines(),
  });
  return { store, ...render(<PlaygroundProvider store={store}>{ui}</PlaygroundProvider>) };
}
