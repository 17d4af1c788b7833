// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { STEP_LIST_WHOLE_UP_TO, VIRTUAL_FROM, VirtualList } from './VirtualList';

const rows = (n: number) => Array.from({ length: n }, (_, i) => `row ${i}`);
const list = (items: string[], wholeUpTo?: number) =>
  render(
    <VirtualList
      label="Rows"
      items={items}
      rowHeight={60}
      rowKey={(row) => row}
      render={(row) => row}
      {...(wholeUpTo === undefined ? {} : { wholeUpTo })}
    />,
  );

describe('VirtualList', () => {
  it('draws a list redrawn at every step whole up to its own limit', () => {
    list(rows(STEP_LIST_WHOLE_UP_TO), STEP_LIST_WHOLE_UP_TO);
    expect(within(screen.getByRole('list', { name: 'Rows' })).getAllByRole('listitem')).toHaveLength(
      STEP_LIST_WHOLE_UP_TO,
    );
  });

  it('draws a window of a longer one, each drawn row telling its place in the whole list', () => {
    const n = STEP_LIST_WHOLE_UP_TO + 20;
    list(rows(n), STEP_LIST_WHOLE_UP_TO);
    const drawn = within(screen.getByRole('list', { name: 'Rows' })).getAllByRole('listitem');
    expect(drawn.length).toBeLessThan(n);
    expect(drawn[0]).toHaveAttribute('aria-setsize', String(n));
    expect(drawn[0]).toHaveAttribute('aria-posinset', '1');
  });

  it('draws other lists whole up to VIRTUAL_FROM rows', () => {
    list(rows(STEP_LIST_WHOLE_UP_TO + 20));
    expect(within(screen.getByRole('list', { name: 'Rows' })).getAllByRole('listitem')).toHaveLength(
      STEP_LIST_WHOLE_UP_TO + 20,
    );
    expect(STEP_LIST_WHOLE_UP_TO).toBeLessThan(VIRTUAL_FROM);
  });
});
