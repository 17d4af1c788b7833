// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createKitLessonStore } from '../../state/lessons/kitStore';
import { memoryTextStorage } from '../../state/storage';
import { TextareaEditor } from '../editor/TextareaEditor';
import { renderInWorkbench } from '../workbench/testing';
import { localKitEngine } from '../../engine/worker/localKit';
import RouterLesson from './RouterLesson';
import { RecallPanels } from './RecallPanels';

const TEXT = readFileSync('fixtures/lessons/router-authorize-before-ranking.json', 'utf8');
const make = () =>
  createKitLessonStore({ engine: localKitEngine('router'), lessonText: TEXT, storage: memoryTextStorage() });
const codes = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('code')!.textContent);

describe('the router lesson view', () => {
  it('shows what each scorer was handed: the same results, different inputs', async () => {
    const store = make();
    store.getState().stepTo(1);
    render(<RecallPanels view={store.getState().view!} />);
    const router = screen.getByRole('region', { name: 'Router: authorize, then rank' });
    const naive = screen.getByRole('region', { name: 'Naive: rank every bank, then filter' });
    expect(codes(within(router).getByRole('list', { name: "Handed to the router's scorer" }))).toEqual([
      'general-1',
      'general-2',
      'general-3',
    ]);
    expect(codes(within(naive).getByRole('list', { name: 'Handed to the naive scorer' }))).toEqual([
      'private-canary',
      'private-2',
      'general-1',
      'general-2',
      'general-3',
    ]);
    expect(codes(within(router).getByRole('list', { name: "The router's results" }))).toEqual(
      codes(within(naive).getByRole('list', { name: 'The naive results' })),
    );
    expect(within(naive).getByRole('status')).toHaveTextContent(
      'Leak: its scorer read 2 memories general-room may not read.',
    );
    expect(screen.getByRole('list', { name: 'The two orderings compared' })).toHaveTextContent(
      'Final results: the same from both orderings',
    );
  });

  it('runs in the shell with a context to act as, and both sides’ checks', async () => {
    const user = userEvent.setup();
    const store = make();
    await renderInWorkbench(<RouterLesson store={store} lesson={null} Editor={TextareaEditor} />);
    await user.click(within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('button')[1]!);
    expect(screen.getByRole('combobox', { name: 'Context' })).toHaveValue('general-room');
    expect(screen.getByText('This is the recall step’s own context and query.', { exact: false })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Context' }), 'private-room');
    expect(screen.getByRole('region', { name: 'Recall for private-room' })).toBeInTheDocument();
    expect(screen.getByText('A what-if', { exact: false })).toBeInTheDocument();
    // The verdict line stays in view whichever tab is open; the checks themselves are a dock tab.
    expect(screen.getByRole('status', { name: 'Checks verdict' })).toHaveTextContent(
      'Every check passes for the router (15). The naive ordering leaks: 2 of 15 red.',
    );
    await user.click(screen.getByRole('tab', { name: 'Checks' }));
    expect(
      within(screen.getByRole('region', { name: 'Checks: the router' })).getByText('All 15 checks green'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Checks: the naive ordering' })).getByText('2 of 15 checks red'),
    ).toBeInTheDocument();
  });

  it('steps to a check’s failure from the checks panel', async () => {
    const user = userEvent.setup();
    const store = make();
    await renderInWorkbench(<RouterLesson store={store} lesson={null} Editor={TextareaEditor} />);
    await user.click(screen.getByRole('tab', { name: 'Checks' }));
    const naive = screen.getByRole('region', { name: 'Checks: the naive ordering' });
    await user.click(within(naive).getAllByRole('button', { name: 'Step 7' })[0]!);
    expect(store.getState().index).toBe(7);
    expect(screen.getByRole('list', { name: 'The two orderings compared' })).toHaveTextContent(
      'they differ: the router returns 3, the naive ordering 2, without general-3',
    );
  });
});
