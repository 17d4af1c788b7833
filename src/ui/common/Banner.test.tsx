// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'zustand/vanilla';
import type { LessonsState, LessonsStore } from '../../state/lessons/lessonsStore';
import { LessonsProvider } from './lessonsContext';
import { Banner } from './Banner';

/** A shell store holding only what the banner reads: the banner and its four actions. */
function shell(banner: LessonsState['banner']) {
  const actions = {
    dismissBanner: vi.fn(),
    backToOwnWork: vi.fn(async () => {}),
    restoreKept: vi.fn(),
    forgetKept: vi.fn(),
  };
  const store = createStore(() => ({ banner, ...actions })) as unknown as LessonsStore;
  render(
    <LessonsProvider store={store}>
      <Banner />
    </LessonsProvider>,
  );
  return actions;
}
const buttons = () => screen.getAllByRole('button').map((button) => button.textContent);

describe('the shell banner', () => {
  it('announces a link that could not be opened, with only Dismiss', async () => {
    const actions = shell({ kind: 'error', message: 'The link is cut short.' });
    expect(screen.getByRole('alert')).toHaveTextContent('This link could not be opened. The link is cut short.');
    expect(buttons()).toEqual(['Dismiss']);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(actions.dismissBanner).toHaveBeenCalledOnce();
  });

  it.each([
    ['shared', 'You opened a shared link to “Handoff”.'],
    ['clean', 'Clean start: every lesson opens from its own scenario'],
  ] as const)('offers the way back to own work after a %s start', async (kind, words) => {
    const actions = shell(kind === 'shared' ? { kind, lesson: 'Handoff' } : { kind });
    expect(screen.getByRole('status')).toHaveTextContent(words);
    expect(buttons()).toEqual(['Back to my own work', 'Dismiss']);
    await userEvent.click(screen.getByRole('button', { name: 'Back to my own work' }));
    expect(actions.backToOwnWork).toHaveBeenCalledOnce();
    expect(actions.dismissBanner).not.toHaveBeenCalled();
  });

  it('offers to restore or forget work that was kept aside', async () => {
    const actions = shell({ kind: 'kept', lesson: 'Handoff' });
    expect(screen.getByRole('status')).toHaveTextContent('Your earlier work on “Handoff” was replaced by this one');
    expect(buttons()).toEqual(['Restore my earlier work', 'Forget the earlier work', 'Dismiss']);
    await userEvent.click(screen.getByRole('button', { name: 'Forget the earlier work' }));
    expect(actions.forgetKept).toHaveBeenCalledOnce();
    expect(actions.restoreKept).not.toHaveBeenCalled();
  });
});
