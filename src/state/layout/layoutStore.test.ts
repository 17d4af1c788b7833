import { describe, expect, it } from 'vitest';
import { createLayoutStore, DEFAULT_PHONE_TAB, DEFAULT_TAB } from './layoutStore';
import { memoryLayoutStorage, webLayoutStorage } from './layoutStorage';

function memoryBacking() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the workbench layout', () => {
  it('opens on the default tab with the editor closed on a first visit', () => {
    const store = createLayoutStore({ storage: memoryLayoutStorage() });
    expect(store.getState()).toMatchObject({ tab: DEFAULT_TAB, editorOpen: false, presentation: false, sizes: {} });
  });

  it('remembers the open tab, the editor, presentation and pane sizes across a reload', () => {
    const backing = memoryBacking();
    const first = createLayoutStore({ storage: webLayoutStorage(() => backing) });
    first.getState().openTab('rules');
    first.getState().openPhoneTab('timeline');
    first.getState().setEditorOpen(true);
    first.getState().setPresentation(true);
    first.getState().saveSizes('main', { timeline: 30, work: 70 });
    const again = createLayoutStore({ storage: webLayoutStorage(() => backing) });
    expect(again.getState()).toMatchObject({
      tab: 'rules',
      phoneTab: 'timeline',
      editorOpen: true,
      presentation: true,
      sizes: { main: { timeline: 30, work: 70 } },
    });
  });

  it('resets to the defaults and forgets what was saved', () => {
    const storage = memoryLayoutStorage();
    const store = createLayoutStore({ storage });
    store.getState().openTab('cache');
    store.getState().saveSizes('work', { centre: 40, dock: 60 });
    store.getState().resetLayout();
    expect(store.getState()).toMatchObject({ tab: DEFAULT_TAB, editorOpen: false, sizes: {}, resets: 1 });
    expect(storage.saved).toBeNull();
    expect(createLayoutStore({ storage }).getState().tab).toBe(DEFAULT_TAB);
  });

  it("shows a shared link's tab and editor without overwriting the learner's saved layout", () => {
    const storage = memoryLayoutStorage();
    const store = createLayoutStore({ storage });
    store.getState().openTab('store');
    store.getState().showShared({ tab: 'why', editor: true });
    expect(store.getState()).toMatchObject({ tab: 'why', phoneTab: 'why', editorOpen: true });
    expect(storage.saved?.tab).toBe('store');
    expect(storage.saved?.editorOpen).toBe(false);
  });

  it('opens a phone on the requests when a shared link names only the default tab', () => {
    const store = createLayoutStore({ storage: memoryLayoutStorage() });
    store.getState().openPhoneTab('steps');
    store.getState().showShared({ tab: DEFAULT_TAB });
    expect(store.getState()).toMatchObject({ tab: DEFAULT_TAB, phoneTab: DEFAULT_PHONE_TAB });
  });

  it('keeps an embedded page on the requests whatever tab a shared link names', () => {
    const store = createLayoutStore({ storage: memoryLayoutStorage(), embed: true });
    store.getState().showShared({ tab: 'lesson' });
    expect(store.getState()).toMatchObject({ tab: 'lesson', phoneTab: DEFAULT_PHONE_TAB });
  });

  it('drops a damaged or foreign saved layout instead of failing', () => {
    const backing = memoryBacking();
    backing.items.set('scope-isolation-playground/layout', '{"format":1,"tab":5}');
    expect(createLayoutStore({ storage: webLayoutStorage(() => backing) }).getState().tab).toBe(DEFAULT_TAB);
    backing.items.set('scope-isolation-playground/layout', 'not json');
    expect(createLayoutStore({ storage: webLayoutStorage(() => backing) }).getState().tab).toBe(DEFAULT_TAB);
    const refusing = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const store = createLayoutStore({ storage: webLayoutStorage(refusing) });
    expect(() => store.getState().openTab('rules')).not.toThrow();
  });
});
