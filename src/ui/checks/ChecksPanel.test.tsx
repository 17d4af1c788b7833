// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChecksPanel } from './ChecksPanel';
import { renderWithStore } from '../common/testing';
import { SEED_TEXT } from '../../state/seedData';

const check = (title: string) =>
  within(screen.getByRole('list', { name: 'Checks' }))
    .getAllByRole('listitem')
    .find((li) => li.querySelector('.check-title')?.textContent?.includes(title))!;

describe('ChecksPanel', () => {
  it('is all green on the seed, in words', () => {
    renderWithStore(<ChecksPanel />);
    expect(screen.getByRole('status')).toHaveTextContent('9 checks: all green');
    expect(check('A task sees only its own task items')).toHaveTextContent('passed');
  });

  it('turns the check a switch protects red, with the step, the reason and the switch to blame', async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ChecksPanel />);
    act(() => store.getState().toggleRule('taskCheck'));
    expect(screen.getByRole('status')).toHaveTextContent('9 checks: 1 red, 8 green');
    const red = check('A task sees only its own task items');
    expect(red).toHaveTextContent('failed');
    expect(red).toHaveTextContent('Red because “A task item stays in its task” is switched off.');
    expect(red).toHaveTextContent(
      'step 10: bob/task-18/planner: bob-export-plan is a task-17 item, the request is for task-18',
    );
    expect(within(red).getAllByRole('button', { name: /^line \d+ in the editor$/ })).toHaveLength(2);
    await user.click(within(red).getAllByRole('button', { name: 'step 10' })[0]!);
    expect(store.getState().index).toBe(10);
  });

  it("checks a scenario's own expectations", () => {
    const { store } = renderWithStore(<ChecksPanel />);
    const text = SEED_TEXT.replace(
      '"current": "What is the plan for the export job?"\n    },\n    {\n      "op": "close_task"',
      '"current": "What is the plan for the export job?", "expect": {"includes": ["bob-export-plan"]}\n    },\n    {\n      "op": "close_task"',
    );
    act(() => store.getState().loadScenario(text));
    const red = check('Step 10 query: includes');
    expect(red).toHaveTextContent('step 10: the request lacks bob-export-plan');
    expect(red).toHaveTextContent('expect');
  });
});
