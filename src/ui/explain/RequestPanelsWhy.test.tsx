// @vitest-environment jsdom
// The scoped request, read through the explainer: with a rule switched off it lists what the request
// really holds and says it is not isolated, instead of a "No leak" that is no longer true.
import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { RequestPanels } from '../requests/RequestPanels';
import { renderWithStore } from '../common/testing';

const scoped = () => screen.getByRole('region', { name: 'Scoped request' });
const ids = () =>
  within(scoped())
    .getByRole('list', { name: 'Items in the scoped request' })
    .querySelectorAll(':scope > li > .item-head code');

describe('the scoped request with a rule switched off', () => {
  it("says bob's task-18 request is not isolated when the task check is off, and why", () => {
    const { store } = renderWithStore(<RequestPanels />);
    act(() => store.getState().stepTo(10));
    expect(scoped()).toHaveTextContent('No leak');
    act(() => store.getState().toggleRule('taskCheck'));
    expect(scoped()).toHaveTextContent(
      'Not isolated: 2 items in this request should not reach bob’s planner in task-18.',
    );
    expect([...ids()].map((code) => code.textContent)).toEqual([
      'app-policy',
      'bob-style',
      'bob-export-plan',
      'planner-scratch',
    ]);
    expect(scoped()).toHaveTextContent(
      "in only because “A task item stays in its task” is switched off: otherwise bob's task-17 item, you are in task-18",
    );
  });

  it("lists Bob's items the cache served to Alice, not the ones her verdict allows", () => {
    const { store } = renderWithStore(<RequestPanels />);
    act(() => {
      store.getState().stepTo(9);
      store.getState().toggleRule('cacheKeyPrincipal');
    });
    expect([...ids()].map((code) => code.textContent)).toEqual([
      'app-policy',
      'bob-style',
      'bob-export-plan',
      'planner-scratch',
    ]);
    expect(within(scoped()).getByRole('list', { name: 'Items left out of the scoped request' })).toHaveTextContent(
      'readable, but left out: the cache served the context built for bob/task-17/planner at step 7',
    );
  });
});
