// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ComparePanel } from './ComparePanel';
import { renderWithStore } from '../common/testing';

const items = (who: string) =>
  within(screen.getByRole('list', { name: `Items in ${who}'s request` })).getAllByRole('listitem');
const marked = (who: string) =>
  items(who).map((li) => [li.querySelector('code')?.textContent, li.textContent?.includes('only here')]);

describe('ComparePanel', () => {
  it("puts Bob's and Alice's requests side by side at the same step and marks what only one receives", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ComparePanel />);
    act(() => store.getState().stepTo(7));
    await user.click(screen.getByRole('button', { name: 'Compare with another principal' }));
    expect(marked('bob/task-17/planner')).toEqual([
      ['app-policy', false],
      ['bob-style', true],
      ['bob-export-plan', true],
      ['planner-scratch', true],
    ]);
    expect(marked('alice/task-9/planner')).toEqual([
      ['app-policy', false],
      ['alice-contact', true],
      ['alice-export-limit', true],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('5 items differ');
  });

  it('changes whom it compares with, and stops', async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ComparePanel />);
    act(() => store.getState().stepTo(10));
    await user.click(screen.getByRole('button', { name: 'Compare with another principal' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Compared user' }), 'bob');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Compared task' }), 'task-17');
    expect(
      marked('bob/task-17/planner')
        .filter(([, only]) => only)
        .map(([id]) => id),
    ).toEqual(['bob-export-plan', 'planner-scratch']);
    await user.click(screen.getByRole('button', { name: 'Stop comparing' }));
    expect(store.getState().comparing).toBeNull();
    expect(screen.getByRole('button', { name: 'Compare with another principal' })).toBeInTheDocument();
  });
});
