// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Explainer } from './Explainer';
import { renderWithStore } from '../common/testing';

const group = (name: string) => within(screen.getByRole('list', { name }));
const item = (name: string, id: string) =>
  group(name)
    .getAllByRole('listitem')
    .find((li) => li.querySelector('code')?.textContent === id)!;

describe('Explainer', () => {
  it('gives bob in task-18 the reason for every item, in plain words', () => {
    const { store } = renderWithStore(<Explainer />);
    act(() => store.getState().stepTo(10));
    expect(screen.getByRole('region', { name: 'Why is each item in or out?' })).toHaveTextContent(
      'for bob/task-18/planner after step 10',
    );
    expect(item('In the request', 'app-policy')).toHaveTextContent('app item: every principal reads it');
    expect(item('Left out', 'alice-contact')).toHaveTextContent('belongs to alice, you are bob');
    expect(item('Left out', 'bob-export-plan')).toHaveTextContent("bob's task-17 item, you are in task-18");
  });

  it("gives the researcher its handoff and the planner's scratch, and says what it does not read", () => {
    const { store } = renderWithStore(<Explainer />);
    act(() => store.getState().stepTo(8));
    expect(item('In the request', 'handoff-1-item-1')).toHaveTextContent("copied to you by the planner's handoff 1");
    expect(item('Left out', 'planner-scratch')).toHaveTextContent("the planner's scratch, you are the researcher");
    expect(item('Left out', 'bob-style')).toHaveTextContent(
      'a user item, and the researcher does not read the user scope',
    );
  });

  it('lists deleted items with the step that deleted them', () => {
    const { store } = renderWithStore(<Explainer />);
    act(() => store.getState().stepTo(12));
    expect(item('Deleted', 'bob-export-plan')).toHaveTextContent('deleted when bob closed task-17 at step 11');
  });

  it('moves the timeline to the step that wrote or copied an item', async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<Explainer />);
    act(() => store.getState().stepTo(8));
    await user.click(within(item('In the request', 'handoff-1-item-1')).getByRole('button', { name: 'step 6' }));
    expect(store.getState().index).toBe(6);
    await user.click(within(item('In the request', 'app-policy')).getByRole('button', { name: 'configuration' }));
    expect(store.getState().index).toBe(0);
  });

  it("says when the cache served Bob's context to Alice, item by item", () => {
    const { store } = renderWithStore(<Explainer />);
    act(() => {
      store.getState().stepTo(9);
      store.getState().toggleRule('cacheKeyPrincipal');
    });
    expect(screen.getByRole('note')).toHaveTextContent(
      'This request came from the cache: it was built for bob/task-17/planner at step 7',
    );
    expect(item('In the request', 'bob-style')).toHaveTextContent(
      'in the request anyway: the cache served the context built for bob/task-17/planner at step 7',
    );
  });
});
