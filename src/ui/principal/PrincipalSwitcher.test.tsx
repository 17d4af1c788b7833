// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PrincipalSwitcher } from './PrincipalSwitcher';
import { RequestPanels } from '../requests/RequestPanels';
import { renderWithStore } from '../common/testing';

const options = (name: string) =>
  within(screen.getByRole('combobox', { name }))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('PrincipalSwitcher', () => {
  it('offers the users, the chosen user’s own tasks and the configured agents, noting any not begun yet', () => {
    renderWithStore(<PrincipalSwitcher />);
    expect(options('User')).toEqual(['alice (first at step 1)', 'bob (first at step 3)']);
    expect(options('Task')).toEqual(['task-17 (first at step 3)', 'task-18 (first at step 10)']);
    expect(options('Agent')).toEqual(['planner', 'researcher']);
  });

  it('gives another user their own task, and labels a hypothetical principal', async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(
      <>
        <PrincipalSwitcher />
        <RequestPanels />
      </>,
    );
    store.getState().stepTo(6);
    await user.selectOptions(screen.getByRole('combobox', { name: 'User' }), 'alice');
    expect(screen.getByRole('region', { name: 'Requests for alice/task-9/planner' })).toBeInTheDocument();
    expect(options('Task')).toEqual(['task-9']);
    expect(screen.getByText(/A what-if/)).toBeInTheDocument();
    expect(screen.queryByText(/Hypothetical/)).not.toBeInTheDocument();
    const scoped = screen.getByRole('list', { name: 'Items in the scoped request' });
    expect(
      within(scoped)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('code')?.textContent),
    ).toEqual(['app-policy', 'alice-contact', 'alice-export-limit']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agent' }), 'researcher');
    expect(screen.getByText('Hypothetical: no step up to step 6 acts as alice/task-9/researcher.')).toBeInTheDocument();
  });

  it('lets a query step select its own principal', async () => {
    const { store } = renderWithStore(<PrincipalSwitcher />);
    store.getState().selectPrincipal({ user: 'alice' });
    store.getState().stepTo(8);
    expect(await screen.findByRole('combobox', { name: 'Agent' })).toHaveValue('researcher');
    expect(screen.getByRole('combobox', { name: 'User' })).toHaveValue('bob');
    expect(screen.getByText('This is the query step’s own principal and question.')).toBeInTheDocument();
  });

  it('asks a typed question and returns to the step’s', async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<PrincipalSwitcher />);
    store.getState().stepTo(7);
    const input = await screen.findByRole('textbox', { name: 'Question' });
    await user.clear(input);
    await user.type(input, 'What is the billing contact?{Enter}');
    expect(store.getState().view.question).toBe('What is the billing contact?');
    await user.click(screen.getByRole('button', { name: 'Use the step’s question' }));
    expect(input).toHaveValue('What is the plan for the export job?');
  });
});
