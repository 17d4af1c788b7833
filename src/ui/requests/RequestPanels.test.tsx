// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RequestPanels } from './RequestPanels';
import { renderWithStore } from '../common/testing';

const ids = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('code')?.textContent);

describe('RequestPanels', () => {
  it("puts only alice's own and app items in her scoped request, and says why the rest is left out", () => {
    const { store } = renderWithStore(<RequestPanels />);
    act(() => store.getState().stepTo(9));
    const scoped = screen.getByRole('region', { name: 'Scoped request' });
    expect(ids(within(scoped).getByRole('list', { name: 'Items in the scoped request' }))).toEqual([
      'app-policy',
      'alice-contact',
      'alice-export-limit',
    ]);
    const left = within(scoped).getByRole('list', { name: 'Items left out of the scoped request' });
    expect(within(left).getAllByText(/left out: belongs to bob/)).toHaveLength(5);
    expect(within(scoped).getByText('search_docs')).toBeInTheDocument();
    expect(within(scoped).getByText(/You are the planner agent/)).toBeInTheDocument();
  });

  it('marks each leaked item in the naive list with its owner and counts them', () => {
    const { store } = renderWithStore(<RequestPanels />);
    act(() => store.getState().stepTo(9));
    const naive = screen.getByRole('region', { name: 'Naive global list' });
    expect(within(naive).getByRole('status')).toHaveTextContent('2 of 3 items leaked');
    const items = within(within(naive).getByRole('list', { name: 'Items in the naive request' })).getAllByRole(
      'listitem',
    );
    expect(
      items.map((li) => [li.querySelector('code')?.textContent, li.textContent?.includes('leak: belongs to bob')]),
    ).toEqual([
      ['bob-export-plan', true],
      ['handoff-1-item-1', true],
      ['alice-export-limit', false],
    ]);
    expect(within(naive).getAllByText(/leak: belongs to bob:/)).toHaveLength(2);
  });

  it('names the leak after the task is closed: two of alice’s items reach bob', () => {
    const { store } = renderWithStore(<RequestPanels />);
    act(() => store.getState().last());
    const naive = screen.getByRole('region', { name: 'Naive global list' });
    expect(within(naive).getAllByText('leak: belongs to alice')).toHaveLength(2);
    expect(within(naive).getByRole('status')).toHaveTextContent('2 of 3 items leaked');
  });

  it('shows the recorded answers of a query step in one click', async () => {
    const user = userEvent.setup();
    const onShow = vi.fn();
    const { store } = renderWithStore(<RequestPanels onShowAnswers={onShow} />);
    act(() => store.getState().stepTo(7));
    await user.click(screen.getByRole('button', { name: 'Show the 10 recorded answers for bob/task-17/planner' }));
    expect(store.getState().answerFilter.principal).toBe('bob/task-17/planner');
    expect(store.getState().shownAnswers).toHaveLength(10);
    expect(onShow).toHaveBeenCalledWith('bob/task-17/planner');
    act(() => store.getState().stepTo(8));
    expect(screen.queryByRole('button', { name: /recorded answers/ })).not.toBeInTheDocument();
  });

  it('says why the store refuses a request for an unknown agent', () => {
    const { store } = renderWithStore(<RequestPanels />);
    act(() => store.getState().selectPrincipal({ agent: 'auditor' }));
    expect(screen.getByRole('status')).toHaveTextContent('The store refused this request: unknown agent auditor.');
  });
});
