// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Workbench } from './Workbench';
import { renderInWorkbench } from './testing';
import { openPane } from '../common/openPane';

const slots = {
  timeline: <p>the steps</p>,
  stepControls: <p>controls</p>,
  centre: <p>the requests</p>,
  verdict: <p>the verdict</p>,
  tabs: [
    { id: 'lesson', label: 'Lesson', pane: <p>the lesson</p> },
    { id: 'why', label: 'Why', pane: <p>the reasons</p> },
    { id: 'checks', label: 'Checks', pane: <p>the checks</p> },
  ],
  editor: <p>the editor</p>,
};

describe('the workbench', () => {
  it('shows one dock tab at a time, with the requests and the verdict beside whichever is open', async () => {
    const user = userEvent.setup();
    const { layout } = await renderInWorkbench(<Workbench slots={slots} />);
    expect(screen.getByText('the lesson')).toBeVisible();
    // The first paint renders the open tab's pane only.
    expect(screen.queryByText('the checks')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Checks' }));
    expect(screen.getByText('the checks')).toBeVisible();
    expect(screen.getByText('the lesson')).not.toBeVisible();
    expect(screen.getByText('the requests')).toBeVisible();
    expect(screen.getByText('the verdict')).toBeVisible();
    expect(layout.getState().tab).toBe('checks');
  });

  it('keeps a pane it has opened, with what was typed in it, when another tab opens', async () => {
    const user = userEvent.setup();
    const typed = { ...slots, tabs: [...slots.tabs, { id: 'note', label: 'Note', pane: <input aria-label="note" /> }] };
    await renderInWorkbench(<Workbench slots={typed} />);
    await user.click(screen.getByRole('tab', { name: 'Note' }));
    act(() => screen.getByRole('textbox', { name: 'note' }).focus());
    await user.keyboard('kept');
    expect(screen.getByRole('textbox', { name: 'note' })).toHaveValue('kept');
    await user.click(screen.getByRole('tab', { name: 'Why' }));
    expect(screen.getByRole('textbox', { name: 'note', hidden: true })).not.toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Note' }));
    expect(screen.getByRole('textbox', { name: 'note' })).toHaveValue('kept');
  });

  it('moves between tabs with the arrow keys, as the ARIA tabs pattern does', async () => {
    const user = userEvent.setup();
    await renderInWorkbench(<Workbench slots={slots} />);
    // Focus, not a click: jsdom lays nothing out, so the panes' separators take every pointer press.
    act(() => screen.getByRole('tab', { name: 'Lesson' }).focus());
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Why' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Why' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Checks' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps the tabs a beginner does not need under “More”, one keyboard press away, and removes none', async () => {
    const user = userEvent.setup();
    const more = {
      ...slots,
      tabs: [
        ...slots.tabs,
        { id: 'cache', label: 'Cache', pane: <p>the cache</p>, more: true },
        { id: 'access', label: 'Access', pane: <p>the access picture</p>, more: true },
      ],
    };
    const { layout } = await renderInWorkbench(<Workbench slots={more} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Lesson', 'Why', 'Checks']);
    const toggle = screen.getByRole('button', { name: 'More (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    act(() => toggle.focus());
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Tab}{Tab}{Enter}');
    expect(layout.getState().tab).toBe('access');
    expect(screen.getByText('the access picture')).toBeVisible();
    // The chosen tab joins the list while open; the rest stay under More.
    expect(screen.getByRole('tab', { name: 'Access' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'More (1)' })).toBeTruthy();
  });

  it('opens a pane another view asks for: a dock tab, or the editor beside the results', async () => {
    const { layout } = await renderInWorkbench(<Workbench slots={slots} />);
    expect(screen.queryByText('the editor')).toBeNull();
    act(() => openPane('why'));
    expect(screen.getByText('the reasons')).toBeVisible();
    act(() => openPane('editor'));
    expect(screen.getByText('the editor')).toBeVisible();
    expect(layout.getState().editorOpen).toBe(true);
    // A name that is no pane changes nothing.
    act(() => openPane('nowhere'));
    expect(layout.getState().tab).toBe('why');
  });

  it('keeps what a learner typed in every pane when the editor opens or closes beside them', async () => {
    const user = userEvent.setup();
    const typed = { ...slots, tabs: [{ id: 'model', label: 'Your model', pane: <input aria-label="Server" /> }] };
    const { layout } = await renderInWorkbench(
      <Workbench slots={{ ...typed, centre: <input aria-label="Question" /> }} />,
    );
    // Focus, then keys: jsdom lays nothing out, so the separators would take a click.
    act(() => screen.getByRole('textbox', { name: 'Server' }).focus());
    await user.keyboard('http://localhost:11434');
    act(() => screen.getByRole('textbox', { name: 'Question' }).focus());
    await user.keyboard('the plan?');
    act(() => layout.getState().setEditorOpen(true));
    expect(screen.getByText('the editor')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Server' })).toHaveValue('http://localhost:11434');
    act(() => layout.getState().setEditorOpen(false));
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveValue('the plan?');
    expect(screen.getByRole('textbox', { name: 'Server' })).toHaveValue('http://localhost:11434');
  });
});
