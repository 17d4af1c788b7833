// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessPanel } from './AccessPanel';
import { Explainer } from '../explain/Explainer';
import { seedStore } from '../common/testing';
import { onOpenPane } from '../common/openPane';
import { PlaygroundProvider } from '../common/playground';
import { seedAnswerBook } from '../../state/seedData';
import { localEngine } from '../../engine/worker/local';
import type { StoreEngine } from '../../engine/protocol';
import type { CellBlock } from '../../engine/accessProtocol';

const book = seedAnswerBook();

/** The panel and the explainer on a store whose engine answers later, as the page's worker does. */
async function openAt(step: number, engine: StoreEngine = localEngine(book, { later: true })) {
  const store = seedStore({ engine });
  const view = render(
    <PlaygroundProvider store={store}>
      <Explainer />
      <AccessPanel />
    </PlaygroundProvider>,
  );
  act(() => store.getState().stepTo(step));
  // The body is lazy-loaded: its first import can take a while on a busy machine.
  const table = await screen.findByRole(
    'table',
    { name: new RegExp(`^Who can read what after step ${step}:`) },
    { timeout: 15_000 },
  );
  return { ...view, store, table };
}

const names = (elements: HTMLElement[]) => elements.map((el) => el.textContent?.trim());

describe('the access picture', () => {
  it('is a table of the principals by the items at step 9, with columns grouped by scope', async () => {
    const { table } = await openAt(9);
    const [groups, items] = within(table).getAllByRole('row').slice(0, 2);
    expect(names(within(groups!).getAllByRole('columnheader'))).toEqual([
      'Principal \\ item',
      '◆ app (1)',
      '● user (2)',
      '■ task (2)',
      '▲ agent (3)',
    ]);
    expect(names(within(items!).getAllByRole('columnheader'))).toEqual([
      'app-policy',
      'alice-contact',
      'bob-style',
      'alice-export-limit',
      'bob-export-plan',
      'planner-scratch',
      'handoff-1-brief',
      'handoff-1-item-1',
    ]);
    expect(names(within(table).getAllByRole('rowheader'))).toEqual([
      '▸ alice/task-9/planner (asking)',
      'bob/task-17/planner',
      'bob/task-17/researcher',
      'bob/task-18/planner',
    ]);
    expect(
      within(table).getByRole('button', { name: /^out: alice\/task-9\/planner and bob-style: belongs to bob/ }),
    ).toHaveTextContent('out');
    expect(
      within(table).getByRole('button', { name: /^in: bob\/task-17\/researcher and handoff-1-item-1: copied/ }),
    ).toHaveTextContent('in');
  });

  it('is drawn by the engine: the page never fetches the timeline for it', async () => {
    const { store } = await openAt(9);
    expect(store.getState().timeline).toBeNull();
  });

  it('draws … for the cells not here yet, and the cells once they come', async () => {
    const inner = localEngine(book);
    const asked: Array<{ columns: number; answer(): void }> = [];
    // The picture comes without its cells; each block comes when the test lets it.
    const engine: StoreEngine = {
      ...inner,
      access: async (look) => ({ ...(await inner.access(look)), blocks: [] }),
      // A move with the picture shown brings it in the same reply: without its cells too.
      act: async (move, ask) => {
        const acted = await inner.act(move, ask);
        return acted.access === undefined ? acted : { ...acted, access: { ...acted.access, blocks: [] } };
      },
      accessCells: (version, range) =>
        new Promise<CellBlock | null>((resolve) =>
          asked.push({ columns: range.columns[1], answer: () => resolve(inner.accessCells(version, range)) }),
        ),
    };
    const store = seedStore({ engine });
    render(
      <PlaygroundProvider store={store}>
        <AccessPanel />
      </PlaygroundProvider>,
    );
    act(() => store.getState().stepTo(9));
    const table = await screen.findByRole('table', { name: /^Who can read what after step 9:/ }, { timeout: 15_000 });
    expect(within(table).getAllByRole('button', { name: 'loading this cell' })).toHaveLength(4 * 8);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['…', '…', '…', '…']);
    // The table asks for the block it draws: the seed's matrix at step 9 is one block of 8 columns.
    await waitFor(() => expect(asked.map((a) => a.columns)).toContain(8));
    act(() => asked.forEach((a) => a.answer()));
    await waitFor(() => expect(within(table).queryAllByRole('button', { name: 'loading this cell' })).toEqual([]));
    expect(within(table).getByRole('button', { name: /^out: alice\/task-9\/planner and bob-style/ })).toBeVisible();
  });

  it('opens the explainer for the principal and item of a cell', async () => {
    const user = userEvent.setup();
    const { store, table } = await openAt(9);
    const asked: string[] = [];
    const off = onOpenPane((id) => void asked.push(id));
    await user.click(within(table).getByRole('button', { name: /^out: bob\/task-18\/planner and bob-export-plan/ }));
    off();
    // In the workbench the Why tab must come forward to show it.
    expect(asked).toEqual(['why']);
    expect(store.getState().principal).toEqual({ user: 'bob', task: 'task-18', agent: 'planner' });
    const why = screen.getByRole('region', { name: 'Why is each item in or out?' });
    expect(why).toHaveTextContent('for bob/task-18/planner after step 9');
    const mark = within(within(why).getByRole('list', { name: 'Left out' })).getByText('◆ asked about');
    expect(mark.closest('li')).toHaveTextContent('bob-export-plan');
    expect(mark.closest('li')).toHaveTextContent("bob's task-17 item, you are in task-18");
  });

  it('marks the cells a switched-off rule flips, in words', async () => {
    const { store, table } = await openAt(10);
    expect(screen.getByRole('status')).toHaveTextContent('Every rule is on');
    act(() => store.getState().toggleRule('taskCheck'));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        '“A task item stays in its task” switched off: 2 cells flip',
      ),
    );
    const again = screen.getByRole('table', { name: /after step 10/ });
    const flipped = within(again).getAllByRole('button', { name: /^in, flipped:/ });
    expect(flipped.map((b) => b.getAttribute('data-cell'))).toHaveLength(2);
    expect(flipped[0]).toHaveAccessibleName(
      /^in, flipped: bob\/task-18\/planner and bob-export-plan: .*With every rule on it is out: bob's task-17 item, you are in task-18$/,
    );
    expect(table).toBeDefined();
  });

  it('moves between cells with the arrow keys, one cell in the tab order', async () => {
    const user = userEvent.setup();
    const { table } = await openAt(9);
    const tabbable = within(table)
      .getAllByRole('button')
      .filter((b) => b.tabIndex === 0);
    expect(tabbable).toHaveLength(1);
    act(() => tabbable[0]!.focus());
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('data-cell', '1:1');
  });

  it("narrows to the asking user's principals and items", async () => {
    const user = userEvent.setup();
    await openAt(10);
    await user.click(screen.getByRole('button', { name: 'Only bob’s principals and items' }));
    const table = await screen.findByRole('table', { name: /bob’s principals, by the app items and bob’s items/ });
    expect(names(within(table).getAllByRole('rowheader'))).toEqual([
      'bob/task-17/planner',
      'bob/task-17/researcher',
      '▸ bob/task-18/planner (asking)',
    ]);
    expect(names(within(within(table).getAllByRole('row')[1]!).getAllByRole('columnheader'))).toEqual([
      'app-policy',
      'bob-style',
      'bob-export-plan',
      'planner-scratch',
      'handoff-1-brief',
      'handoff-1-item-1',
    ]);
  });

  it('draws the scopes as nested regions, lit where the asker reads', async () => {
    const user = userEvent.setup();
    await openAt(9);
    await user.click(screen.getByRole('button', { name: 'Scopes as regions' }));
    const picture = await screen.findByRole('img', {
      name: /^The scopes as nested regions after step 9, lit where alice\/task-9\/planner reads/,
    });
    expect(picture).toHaveAccessibleName(
      /Readable: app everyone \(1 item\), user alice \(1 item\), task alice\/task-9 \(1 item\)/,
    );
    expect(picture).toHaveAccessibleName(/Not readable: user bob \(1 item\)/);
  });

  it('names the regions a switched-off rule opens to the asker', async () => {
    const user = userEvent.setup();
    const { store } = await openAt(10);
    act(() => store.getState().toggleRule('taskCheck'));
    await user.click(screen.getByRole('button', { name: 'Scopes as regions' }));
    const picture = await screen.findByRole('img', { name: /lit where bob\/task-18\/planner reads/ });
    expect(picture).toHaveAccessibleName(/task bob\/task-17 \(1 item, only with a rule off\)/);
    expect(picture).toHaveAccessibleName(/agent bob\/task-17\/planner \(1 item, only with a rule off\)/);
    expect(picture).toHaveAccessibleName(/Not readable: .*agent bob\/task-17\/researcher \(2 items\)/);
  });
});
