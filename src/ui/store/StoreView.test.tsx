// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { StoreView, storeRows } from './StoreView';
import { renderWithStore } from '../common/testing';
import { generateScenario } from '../../../bench/scenario';
import { STEP_LIST_WHOLE_UP_TO, VIRTUAL_FROM } from '../common/VirtualList';

const codes = (list: HTMLElement) => [...list.querySelectorAll('code')].map((code) => code.textContent);

describe('StoreView', () => {
  it('has the engine group the store while it is drawn, and the store stops when it goes', async () => {
    const { store, unmount } = renderWithStore(<StoreView />);
    act(() => store.getState().stepTo(9));
    await act(() => store.getState().settled());
    const region = screen.getByRole('region', { name: 'Store after this step' });
    expect(region).toHaveTextContent(`${store.getState().view.present} items, grouped by who may read them`);
    expect(within(region).getAllByRole('group', { name: /alice/ }).flatMap(codes)).toContain('alice-export-limit');
    unmount();
    await act(() => store.getState().settled());
    expect(store.getState().view.store).toBeNull();
  });

  it('draws a store of more than a few dozen items a window at a time, headings and items in place', async () => {
    const { store } = renderWithStore(<StoreView />);
    const text = JSON.stringify(generateScenario({ users: 6, itemsPerUser: 10, queries: 5 }));
    act(() => store.getState().loadScenario(text));
    await act(() => store.getState().settled());
    act(() => store.getState().last());
    await act(() => store.getState().settled());
    const { view } = store.getState();
    // Longer than a list drawn anew at each step is drawn whole, and far shorter than other long lists.
    expect(view.present).toBeGreaterThan(STEP_LIST_WHOLE_UP_TO);
    expect(view.present).toBeLessThan(VIRTUAL_FROM);
    const list = await waitFor(() => screen.getByRole('list', { name: 'Groups and items in the store' }));
    const rows = within(list).getAllByRole('listitem');
    expect(rows.length).toBeLessThan(view.store!.items.length);
    expect(rows[0]).toHaveAttribute('aria-setsize', String(view.store!.items.length + view.store!.groups.length));
    // The first group's heading, then its items, each placed below the one before.
    expect(rows[0]).toHaveClass('group-row');
    expect(rows[1]).toHaveClass('store-item');
    expect(rows[1]!.textContent).toContain(view.store!.items.at(0)!.item.id);
    const tops = rows.map((row) => Number.parseFloat(row.style.top));
    expect(tops[1]! - tops[0]!).toBe(56);
    expect(tops[2]! - tops[1]!).toBe(86);
  });

  it('finds each row of the long list, and its place, as one heading and item after another would be', () => {
    const sizes = Array.from({ length: 60 }, (_, g) => 1 + ((g * 7) % 5));
    const rows: number[] = [];
    const tops = [0];
    sizes.forEach((size, g) => {
      rows.push(g * 2 ** 21);
      tops.push(tops.at(-1)! + 56);
      for (let i = 0; i < size; i++) {
        rows.push(g * 2 ** 21 + i + 1);
        tops.push(tops.at(-1)! + 86);
      }
    });
    const list = storeRows(sizes);
    expect(list.rows.length).toBe(rows.length);
    rows.forEach((row, r) => {
      expect(list.rows.at(r)).toBe(row);
      expect(list.places.top(r)).toBe(tops[r]);
      expect(list.places.at(tops[r]!)).toBe(r);
      expect(list.places.at(tops[r + 1]! - 1)).toBe(r);
    });
    expect(list.places.top(rows.length)).toBe(tops.at(-1));
    expect(list.rows.at(rows.length)).toBeUndefined();
    expect(list.places.at(-5)).toBe(0);
    expect(list.places.at(tops.at(-1)! + 500)).toBe(rows.length - 1);
    expect(storeRows(sizes)).toBe(list);
  });
});
