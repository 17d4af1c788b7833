/** Component-test helper: a lesson view inside the workbench's providers, from fresh in-memory stores. */
import { inPageEngines } from '../../engine/worker/inPage';
import type { ReactElement } from 'react';
import { act, render, type RenderResult, waitFor } from '@testing-library/react';
import { createLayoutStore } from '../../state/layout/layoutStore';
import { memoryLayoutStorage } from '../../state/layout/layoutStorage';
import { createLessonsStore } from '../../state/lessons/lessonsStore';
import { memoryLessonsStorage } from '../../state/lessons/lessonStorage';
import { seedAnswerBook } from '../../state/seedData';
import { LessonsProvider } from '../common/lessonsContext';
import { LayoutProvider } from './layoutContext';

// jsdom measures nothing and has no ResizeObserver; the resizable panes only need it to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** Rendered, with the lazily loaded desktop panes already in (act flushes their chunk's promise). */
export async function renderInWorkbench(ui: ReactElement) {
  const layout = createLayoutStore({ storage: memoryLayoutStorage() });
  const lessons = createLessonsStore({
    storage: memoryLessonsStorage(),
    answers: seedAnswerBook(),
    engines: inPageEngines(),
    clearFragment: () => {},
  });
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(
      <LayoutProvider store={layout}>
        <LessonsProvider store={lessons}>{ui}</LessonsProvider>
      </LayoutProvider>,
    );
  });
  // The desktop panes are their own chunk (React.lazy): wait until they replaced the fallback. The first
  // test of a file transforms that chunk, which takes over Testing Library's 1 s default on a loaded machine.
  await waitFor(
    () => {
      if (document.querySelector('[data-group]') === null) throw new Error('the panes have not loaded yet');
    },
    { timeout: 10_000 },
  );
  return { layout, ...result! };
}
