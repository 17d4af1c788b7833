// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createKitLessonStore } from '../../state/lessons/kitStore';
import { memoryTextStorage } from '../../state/storage';
import { TextareaEditor } from '../editor/TextareaEditor';
import { renderInWorkbench } from '../workbench/testing';
import { localKitEngine } from '../../engine/worker/localKit';
import MemtoolLesson from './MemtoolLesson';

const TEXT = readFileSync('fixtures/lessons/memtool-session-scope.json', 'utf8');
const make = () =>
  createKitLessonStore({ engine: localKitEngine('memtool'), lessonText: TEXT, storage: memoryTextStorage() });
const ids = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('code')!.textContent);
const show = async (store: ReturnType<typeof make>, index: number) => {
  store.getState().stepTo(index);
  return await renderInWorkbench(<MemtoolLesson store={store} lesson={null} Editor={TextareaEditor} />);
};

describe('the memtool lesson view', () => {
  it("shows the injected call answered with another company's records by the naive tool, and the safe answer byte-identical without the identifiers", async () => {
    await show(make(), 1);
    const naive = screen.getByRole('region', { name: 'Naive tool: org_id and user_id from the call' });
    expect(ids(within(naive).getByRole('list', { name: 'Records the naive tool returned' }))).toEqual([
      'mem_9f3a22',
      'mem_9f3a21',
      'mem_9f3a23',
      'mem_9f3a24',
      'mem_9f3a25',
      'mem_9f3a26',
    ]);
    expect(naive).toHaveTextContent('Leak: 6 records of another tenant (org_4471).');
    const safe = screen.getByRole('region', { name: 'Safe tool: the principal from the session' });
    expect(ids(within(safe).getByRole('list', { name: 'Records the safe tool returned' }))).toEqual([
      'mem_a2',
      'mem_a1',
    ]);
    expect(safe).toHaveTextContent('Byte-identical');
    expect(safe).toHaveTextContent('the identifiers are inert, ignored rather than rejected');
    expect(safe).toHaveTextContent('“org_id does not match the session”');
  });

  it('shows the naive forget turning two messages into an existence oracle', async () => {
    await show(make(), 4);
    expect(screen.getByRole('region', { name: 'Naive forget_memory' })).toHaveTextContent(
      'Existence oracle: the two answers differ, so the caller learns that mem_9f3a21 exists',
    );
    expect(screen.getByRole('region', { name: 'Safe forget_memory' })).toHaveTextContent(
      'The same answer for “not yours” and “missing”',
    );
  });

  it('shows a check on the string before canonicalising opening another tenant’s file', async () => {
    await show(make(), 9);
    const naive = screen.getByRole('region', { name: 'Naive path check: the string before canonicalising' });
    expect(naive).toHaveTextContent(
      'Leak: opened /memories/org_4471/usr_88213/notes.md, outside /memories/org_2207/usr_310.',
    );
    expect(screen.getByRole('region', { name: 'Safe path check: canonicalise, then compare' })).toHaveTextContent(
      'Opened nothing.',
    );
  });

  it('makes the same call with no principal, and the safe tool fails closed', async () => {
    const user = userEvent.setup();
    await show(make(), 1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Session' }), 'No principal (a background job)');
    expect(screen.getByText('A what-if', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Safe tool: the principal from the session' })).toHaveTextContent(
      'no principal is established for this request',
    );
  });

  it('judges both sides: every check green for the safe tools, every invariant red for the naive ones', async () => {
    await show(make(), 0);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Checks' }));
    expect(
      within(screen.getByRole('region', { name: 'Checks: the safe tools' })).getByText('All 17 checks green'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Checks: the naive tools' })).getByText('5 of 17 checks red'),
    ).toBeInTheDocument();
  });
});
