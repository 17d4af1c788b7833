/**
 * The workbench's layout: which dock tab is open, whether the scenario editor is open beside the
 * results, presentation mode, and the pane sizes the learner dragged. Remembered through an injected
 * storage; one action puts it all back as the page first opens.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LayoutStorage, SavedLayout } from './layoutStorage';

/** The tab a first visit opens: the rule switches sit beside the requests they change. */
export const DEFAULT_TAB = 'lesson';
/** The pane a phone opens on a first visit: the requests, where a leak shows. */
export const DEFAULT_PHONE_TAB = 'requests';

export interface LayoutState extends SavedLayout {
  /** Embedded in another page (?embed): no top bar, and nothing the learner saved is written. */
  embed: boolean;
  /** Bumped by a reset, so the resizable groups remount at their default sizes. */
  resets: number;
  /** Open a dock tab. */
  openTab(tab: string): void;
  /** Open a pane on a phone (the steps, the requests, a dock tab or the editor). */
  openPhoneTab(tab: string): void;
  /** Open or close the scenario editor beside the results. */
  setEditorOpen(open: boolean): void;
  /** Larger type and fewer panes, for a projector. */
  setPresentation(on: boolean): void;
  /** A resizable group's new sizes, after the learner dragged or keyed a separator. */
  saveSizes(group: string, sizes: Record<string, number>): void;
  /** What a shared link asks for (tab, editor), shown without overwriting the learner's saved layout. */
  showShared(view: { tab?: string | undefined; editor?: boolean | undefined }): void;
  /** Forget the saved layout: default sizes, the first tab, the editor closed, presentation off. */
  resetLayout(): void;
}

export type LayoutStore = StoreApi<LayoutState>;

const DEFAULTS: SavedLayout = {
  tab: DEFAULT_TAB,
  phoneTab: DEFAULT_PHONE_TAB,
  editorOpen: false,
  presentation: false,
  sizes: {},
};

export interface LayoutDeps {
  storage: LayoutStorage;
  embed?: boolean;
}

/** A layout store, starting from what `storage` kept (or the defaults). */
export function createLayoutStore({ storage, embed = false }: LayoutDeps): LayoutStore {
  return createStore<LayoutState>()((set, get) => {
    const remember = (change: Partial<SavedLayout>) => {
      set(change);
      const { tab, phoneTab, editorOpen, presentation, sizes } = get();
      storage.save({ tab, phoneTab, editorOpen, presentation, sizes });
    };
    return {
      ...DEFAULTS,
      ...storage.load(),
      resets: 0,
      embed,
      openTab: (tab) => {
        if (get().tab !== tab) remember({ tab });
      },
      openPhoneTab: (phoneTab) => {
        if (get().phoneTab !== phoneTab) remember({ phoneTab });
      },
      setEditorOpen: (editorOpen) => remember({ editorOpen }),
      setPresentation: (presentation) => remember({ presentation }),
      saveSizes: (group, sizes) => remember({ sizes: { ...get().sizes, [group]: sizes } }),
      // A phone opens a shared link on the tab it names, but on the requests when it names the default
      // tab (a link always names one, so the sharer chose nothing). Embedded, a phone-sized frame keeps
      // the requests in front whatever the link names: the page around it is the lesson.
      showShared: ({ tab, editor }) =>
        set({
          ...(tab === undefined
            ? {}
            : embed || tab === DEFAULT_TAB
              ? { tab, phoneTab: DEFAULT_PHONE_TAB }
              : { tab, phoneTab: tab }),
          ...(editor === undefined ? {} : { editorOpen: editor }),
        }),
      resetLayout: () => {
        storage.clear();
        set({ ...DEFAULTS, resets: get().resets + 1 });
      },
    };
  });
}
