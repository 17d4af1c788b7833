/** The browser entry: one store from the factory, the seed's data, localStorage for the edit. */
import './zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { PlaygroundProvider } from './ui/common/playground';
import { createPlaygroundStore } from './state/playgroundStore';
import { webTextStorage } from './state/storage';
import { SEED_TEXT, seedAnswerBook } from './state/seedData';
import './styles.css';

const store = createPlaygroundStore({
  seedText: SEED_TEXT,
  storage: webTextStorage('scope-isolation-playground/scenario', () => window.localStorage),
  answers: seedAnswerBook(),
});

/**
 * End-to-end tests and the browser benchmark drive the same store a person does: Playwright sets this
 * flag before the page's own scripts run (addInitScript). A page opened by a person exposes nothing.
 */
interface TestWindow {
  __playgroundTestHook?: unknown;
  __playground?: typeof store;
}
if ((window as TestWindow).__playgroundTestHook === true) (window as TestWindow).__playground = store;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PlaygroundProvider store={store}>
      <App />
    </PlaygroundProvider>
  </StrictMode>,
);
