import { describe, expect, it, vi } from 'vitest';
import { createUpdateStore, OFFLINE_NOTE_MS, type WorkerEvents } from './updateStore';

/** A store over a fake worker: `events` are what the worker would report, `apply` what it was told. */
function setup() {
  let events: WorkerEvents | undefined;
  const apply = vi.fn(async () => {});
  const register = vi.fn((given: WorkerEvents) => {
    events = given;
    return apply;
  });
  const order: string[] = [];
  const saveWork = vi.fn(() => order.push('save'));
  const reload = vi.fn(() => order.push('reload'));
  const store = createUpdateStore({ register, saveWork, reload });
  store.getState().start();
  return { store, worker: events!, register, apply, saveWork, reload, order };
}

describe('updateStore', () => {
  it('registers the worker once', () => {
    const { store, register } = setup();
    store.getState().start();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('says when the site is kept for offline use', () => {
    const { store, worker } = setup();
    expect(store.getState().phase).toBe('idle');
    worker.offlineReady();
    expect(store.getState().phase).toBe('offline-ready');
    store.getState().dismiss();
    expect(store.getState().phase).toBe('idle');
  });

  it('lets the offline note go by itself, but never a waiting version', () => {
    vi.useFakeTimers();
    try {
      const { store, worker } = setup();
      worker.offlineReady();
      vi.advanceTimersByTime(OFFLINE_NOTE_MS - 1);
      expect(store.getState().phase).toBe('offline-ready');
      vi.advanceTimersByTime(1);
      expect(store.getState().phase).toBe('idle');
      // A new version found while the note shows is kept in front after the note's time is up.
      const other = setup();
      other.worker.offlineReady();
      other.worker.needRefresh();
      vi.advanceTimersByTime(OFFLINE_NOTE_MS * 10);
      expect(other.store.getState().phase).toBe('waiting');
    } finally {
      vi.useRealTimers();
    }
  });

  it('announces a new version and does nothing more until the learner applies it', () => {
    const { store, worker, apply, reload, saveWork } = setup();
    worker.needRefresh();
    expect(store.getState().phase).toBe('waiting');
    expect(apply).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(saveWork).not.toHaveBeenCalled();
  });

  it('on the learner’s word: saves the work, lets the new version take over, then reloads', () => {
    const { store, worker, apply, reload, order } = setup();
    worker.needRefresh();
    store.getState().applyNow();
    expect(store.getState().phase).toBe('applying');
    expect(apply).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    worker.controlledByNew();
    expect(reload).toHaveBeenCalledTimes(1);
    // Saved before the worker was told, and again right before the reload.
    expect(order).toEqual(['save', 'save', 'reload']);
  });

  it('never reloads when a new version takes over from another tab: it offers a reload instead', () => {
    const { store, worker, reload } = setup();
    worker.needRefresh();
    worker.controlledByNew();
    expect(reload).not.toHaveBeenCalled();
    expect(store.getState().phase).toBe('taken-over');
    store.getState().reloadNow();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('"Later" keeps the page as it is; a later announcement shows again', () => {
    const { store, worker, apply, reload } = setup();
    worker.needRefresh();
    store.getState().dismiss();
    expect(store.getState().phase).toBe('idle');
    store.getState().applyNow();
    expect(apply).not.toHaveBeenCalled();
    worker.needRefresh();
    expect(store.getState().phase).toBe('waiting');
    expect(reload).not.toHaveBeenCalled();
  });

  it('a new version found while the offline note shows replaces it', () => {
    const { store, worker } = setup();
    worker.offlineReady();
    worker.needRefresh();
    expect(store.getState().phase).toBe('waiting');
    worker.offlineReady();
    expect(store.getState().phase).toBe('waiting');
  });

  it('offers a reload when a newer version replaced files this tab needs, and writes the work first', () => {
    const { store, order } = setup();
    store.getState().filesReplaced();
    expect(store.getState().phase).toBe('replaced');
    store.getState().reloadNow();
    expect(order).toEqual(['save', 'reload']);
  });

  it('keeps an update under way when a file turns out to be replaced', () => {
    const { store, worker, reload } = setup();
    worker.needRefresh();
    store.getState().applyNow();
    store.getState().filesReplaced();
    expect(store.getState().phase).toBe('applying');
    expect(reload).not.toHaveBeenCalled();
  });
});
