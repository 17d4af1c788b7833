/** Component-test helper: a lesson view inside the workbench's providers, from fresh in-memory stores. */
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { createLayoutStore } from '../../state/layout/layoutStore';
import { memoryLayoutStorage } from '../../state/layout/layoutStorage';
import { createLessonsStore } from '../../state/lessons/lessonsStore';
import { memoryLessonsStorage } from '../../state/lessons/lessonStorage';
import { seedAnswerBook } from '../../state/seedData';
import { LessonsProvider } from '../lessons/context';
import { LayoutProvider } from './layoutContext';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// jsdom measures nothing and has no ResizeObserver; the resizable panes only need it to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

export function renderInWorkbench(ui: ReactElement) {
  const layout = createLayoutStore({ storage: memoryLayoutStorage() });
  const lessons = createLessonsStore({
    storage: memoryLessonsStorage(),
    answers: seedAnswerBook(),
    clearFragment: () => {},
  });
  return {
    layout,
    ...render(
      <LayoutProvider store={layout}>
        <LessonsProvider store={lessons}>{ui}</LessonsProvider>
      </LayoutProvider>,
    ),
  };
}
