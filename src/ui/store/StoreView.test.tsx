// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { StoreView } from './StoreView';
import { renderWithStore } from '../common/testing';
import { generateScenario } from '../../../bench/scenario';
import { VIRTUAL_FROM } from '../common/VirtualList';

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

  it('draws a large store a window at a time, headings and items in order, each row in its place', async () => {
    const { store } = renderWithStore(<StoreView />);
    const text = JSON.stringify(generateScenario({ users: 40, itemsPerUser: 10, queries: 5 }));
    act(() => store.getState().loadScenario(text));
    await act(() => store.getState().settled());
    act(() => store.getState().last());
    await act(() => store.getState().settled());
    const { view } = store.getState();
    expect(view.present).toBeGreaterThan(VIRTUAL_FROM);
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
});
