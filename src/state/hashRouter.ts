/**
 * The page's one reader of its address: it opens what the address names when the page starts, and owns
 * the only `hashchange` listener, dispatching each place (lessons/route.ts `parsePlace`) to the store
 * that shows it: a lesson, a course pack or a share link to the lesson store (a link's view to the
 * layout, a pack to the gallery), a section link to the workbench. It also writes the address for the
 * lesson store (`addressWriter`). The window is injected, so tests drive it with a fake page.
 */
import type { LayoutStore } from './layout/layoutStore';
import type { PackStore } from './courses/packStore';
import type { LessonsStore } from './lessons/lessonsStore';
import { lessonRoute, parsePlace, type Place } from './lessons/route';

/** The parts of `window` the router reads and writes. */
export interface PageAddress {
  readonly location: { readonly pathname: string; readonly search: string; readonly hash: string };
  readonly history: Pick<History, 'state' | 'pushState' | 'replaceState'>;
  addEventListener(type: 'hashchange', listener: () => void): void;
  removeEventListener(type: 'hashchange', listener: () => void): void;
}

/** How the lesson store changes the address (its `clearFragment` and `routeTo`). */
export function addressWriter(page: PageAddress, embed: boolean) {
  const here = () => `${page.location.pathname}${page.location.search}`;
  return {
    /** Once a shared link is the learner's own work, a reload should show that work, not the link again. */
    clearFragment: () => page.history.replaceState(page.history.state, '', here()),
    /**
     * A lesson the learner chooses gets its address, a new history entry; a share link or the clean start
     * keeps its own address, and an embedded page never touches the host's history.
     */
    routeTo: (hash: string) => {
      const now = parsePlace(page.location.hash);
      if (embed || page.location.hash === hash || !['home', 'lesson', 'pack'].includes(now.kind)) return;
      page.history.pushState(null, '', `${here()}${hash}`);
    },
  };
}

export interface HashRouterDeps {
  page: PageAddress;
  lessons: LessonsStore;
  layout: LayoutStore;
  packs: PackStore;
  /** Brings a pane or tab into view; false when no workbench on the page knows it. */
  openPane: (id: string) => boolean;
}

export interface HashRouter {
  /** Settles once the lesson the starting address names is open. */
  started: Promise<void>;
  /** The place the address names now (the same object until the address changes). */
  place(): Place;
  /** Calls `listener` after each change of address. */
  subscribe(listener: () => void): () => void;
  stop(): void;
}

export function startHashRouter({ page, lessons, layout, packs, openPane }: HashRouterDeps): HashRouter {
  let current = parsePlace(page.location.hash);
  const listeners = new Set<() => void>();

  /** A share link's view (the open tab, the editor) goes to the layout; the lesson store opens the rest. */
  const showSharedView = async (place: Place) => {
    if (place.kind !== 'share' || !place.fragment.startsWith('#v')) return;
    const opened = (await import('../core/sharing/shareLink')).decodeShare(place.fragment);
    if (opened.kind === 'shared' && opened.state.view !== undefined) layout.getState().showShared(opened.state.view);
  };
  /** Opens the lesson store at a fragment; a course pack also opens in the gallery, beside the learner's lesson. */
  const open = (place: Place, hash: string): Promise<void> => {
    void showSharedView(place);
    const opened = lessons.getState().start(hash);
    if (place.kind === 'pack')
      void Promise.all([packs.getState().openLink(place.data), opened]).then(() =>
        // After the lesson is on screen: showing a lesson closes the gallery.
        lessons.getState().toggleGallery(true),
      );
    return opened;
  };

  const startHash = page.location.hash;
  const started = open(current, startHash).then(() => {
    // The address the page opened at names no lesson: remember which opened, so "back" to it reopens it.
    if (startHash === '' && page.location.hash === '')
      page.history.replaceState({ ...page.history.state, lesson: lessons.getState().lessonId }, '');
  });

  const onHashChange = () => {
    const hash = page.location.hash;
    current = parsePlace(hash);
    listeners.forEach((listener) => listener());
    switch (current.kind) {
      case 'home': {
        const remembered = (page.history.state as { lesson?: unknown } | null)?.lesson;
        if (hash === '' && typeof remembered === 'string') void lessons.getState().start(lessonRoute(remembered));
        return;
      }
      case 'classroom':
      case 'lab':
        return; // The page shows the classroom view or the final lab (a subscriber).
      case 'section':
        // A section link opens its pane; the fragment goes, so the same link works again.
        if (openPane(current.id))
          page.history.replaceState(page.history.state, '', `${page.location.pathname}${page.location.search}`);
        return;
      default:
        // A link pasted into this tab's address bar opens too.
        void open(current, hash);
    }
  };
  page.addEventListener('hashchange', onHashChange);

  return {
    started,
    place: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: () => page.removeEventListener('hashchange', onHashChange),
  };
}
