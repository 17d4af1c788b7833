// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createUpdateStore, type WorkerEvents } from '../../state/offline/updateStore';
import { UpdatePrompt } from './UpdatePrompt';

function setup() {
  let worker: WorkerEvents | undefined;
  const apply = vi.fn(async () => {});
  const reload = vi.fn();
  const saveWork = vi.fn();
  const store = createUpdateStore({
    register: (events) => {
      worker = events;
      return apply;
    },
    saveWork,
    reload,
  });
  store.getState().start();
  render(<UpdatePrompt store={store} />);
  return { worker: worker!, apply, reload, saveWork };
}

describe('UpdatePrompt', () => {
  it('shows nothing until the worker has news', () => {
    setup();
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('tells the learner the site opens offline, and goes when dismissed', async () => {
    const { worker } = setup();
    act(() => worker.offlineReady());
    expect(screen.getByRole('status')).toHaveTextContent('it now opens without a network');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('announces a new version and reloads only after "Update now" is pressed', async () => {
    const { worker, apply, reload, saveWork } = setup();
    act(() => worker.needRefresh());
    expect(screen.getByRole('complementary', { name: 'Offline use and updates' })).toHaveTextContent(
      'A new version of the playground is ready. Your saved work is kept when you update.',
    );
    // The learner goes on working: nothing is applied, saved or reloaded behind their back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(apply).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Update now' }));
    expect(saveWork).toHaveBeenCalled();
    expect(apply).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Updating: your work is saved');
    expect(screen.queryByRole('button')).toBeNull();
    act(() => worker.controlledByNew());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('"Later" hides the announcement and applies nothing', async () => {
    const { worker, apply, reload } = setup();
    act(() => worker.needRefresh());
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(apply).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('after another tab updated, offers a reload and waits for it', async () => {
    const { worker, reload } = setup();
    act(() => worker.needRefresh());
    act(() => worker.controlledByNew());
    expect(screen.getByRole('status')).toHaveTextContent('updated in another tab');
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload now' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
