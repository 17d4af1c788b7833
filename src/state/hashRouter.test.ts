import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { readFileSync } from 'node:fs';
import { encodeShare } from '../core/sharing/shareLink';
import { createLayoutStore } from './layout/layoutStore';
import { memoryLayoutStorage } from './layout/layoutStorage';
import type { LessonsStore } from './lessons/lessonsStore';
import type { PackStore } from './courses/packStore';
import { addressWriter, startHashRouter } from './hashRouter';

/** A page whose address the test moves, as a person's typing or "back" would. */
function fakePage(hash = '', search = '') {
  const listeners = new Set<() => void>();
  const page = {
    location: { pathname: '/play/', search, hash },
    history: {
      state: null as unknown,
      pushState: vi.fn((_state: unknown, _unused: string, url?: string | URL | null) => {
        page.location.hash = new URL(String(url), 'https://example.test').hash;
      }),
      replaceState: vi.fn((state: unknown, _unused: string, url?: string | URL | null) => {
        page.history.state = state;
        if (url !== undefined && url !== null) page.location.hash = new URL(String(url), 'https://example.test').hash;
      }),
    },
    addEventListener: (_type: 'hashchange', listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: 'hashchange', listener: () => void) => void listeners.delete(listener),
  };
  const go = (to: string) => {
    page.location.hash = to;
    listeners.forEach((listener) => listener());
  };
  return { page, go, listening: () => listeners.size };
}

/** The stores the router dispatches to: the lesson store and packs record what they were asked. */
function stores() {
  const starts: string[] = [];
  const lessons = createStore(() => ({
    lessonId: 'store-basics',
    start: async (hash: string) => void starts.push(hash),
    toggleGallery: vi.fn(),
  })) as unknown as LessonsStore;
  const openLink = vi.fn(async () => true);
  const packs = createStore(() => ({ openLink })) as unknown as PackStore;
  const layout = createLayoutStore({ storage: memoryLayoutStorage() });
  return { lessons, packs, layout, starts, openLink };
}

function start(hash = '', openPane: (id: string) => boolean = () => false) {
  const fake = fakePage(hash);
  const s = stores();
  const router = startHashRouter({ page: fake.page, openPane, ...s });
  return { ...fake, ...s, router };
}

const scenario = readFileSync('fixtures/scenario.json', 'utf8');
const shareLink = (tab: string) => {
  const link = encodeShare({
    scenario,
    step: 9,
    principal: null,
    question: null,
    rulesOff: [],
    lesson: null,
    view: { tab },
  });
  if (link.kind !== 'ok') throw new Error('too long');
  return link.fragment;
};

describe('the hash router', () => {
  it('opens the lesson the starting address names, and remembers the one a bare address opened', async () => {
    const bare = start('');
    await bare.router.started;
    expect(bare.starts).toEqual(['']);
    expect(bare.page.history.state).toEqual({ lesson: 'store-basics' });
    const routed = start('#/lesson/attacks');
    await routed.router.started;
    expect(routed.starts).toEqual(['#/lesson/attacks']);
    expect(routed.page.history.state).toBeNull();
  });

  it('opens a share link pasted into the address bar, with the tab it names', async () => {
    const { router, go, starts, layout } = start();
    await router.started;
    const link = shareLink('why');
    go(link);
    expect(starts).toEqual(['', link]);
    await vi.waitFor(() => expect(layout.getState().tab).toBe('why'));
  });

  it('opens a known section’s pane and drops its fragment, and leaves an unknown one be', async () => {
    const opened: string[] = [];
    const { router, go, page, starts } = start('', (id) => (id === 'rules' ? opened.push(id) > 0 : false));
    await router.started;
    go('#rules');
    expect(opened).toEqual(['rules']);
    expect(page.location.hash).toBe('');
    go('#steps');
    expect(page.location.hash).toBe('#steps');
    expect(starts).toEqual(['']);
  });

  it('tells its subscribers of the classroom view, and starts no lesson for it', async () => {
    const { router, go, starts } = start();
    await router.started;
    const heard = vi.fn();
    const off = router.subscribe(heard);
    go('#classroom');
    expect(router.place()).toEqual({ kind: 'classroom' });
    expect(heard).toHaveBeenCalledTimes(1);
    off();
    go('');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(starts).toEqual(['', '#/lesson/store-basics']);
  });

  it('opens a course pack in the gallery beside the learner’s lesson', async () => {
    const { router, go, openLink, lessons } = start();
    await router.started;
    go('#/course/N4Ig');
    expect(openLink).toHaveBeenCalledWith('N4Ig');
    await vi.waitFor(() => expect(lessons.getState().toggleGallery).toHaveBeenCalledWith(true));
  });

  it('stops listening when stopped', () => {
    const { router, listening } = start();
    expect(listening()).toBe(1);
    router.stop();
    expect(listening()).toBe(0);
  });
});

describe('the address writer', () => {
  it('gives a chosen lesson its own history entry, from a bare address or another lesson', () => {
    const { page } = fakePage('');
    const { routeTo } = addressWriter(page, false);
    routeTo('#/lesson/attacks');
    expect(page.location.hash).toBe('#/lesson/attacks');
    routeTo('#/lesson/attacks');
    routeTo('#/lesson/store-basics');
    expect(page.history.pushState).toHaveBeenCalledTimes(2);
  });

  it('keeps a share link’s address, the clean start’s, and an embedding host’s history', () => {
    for (const [hash, embed] of [
      ['#v1.abc', false],
      ['#clean', false],
      ['', true],
    ] as const) {
      const { page } = fakePage(hash);
      addressWriter(page, embed).routeTo('#/lesson/attacks');
      expect(page.history.pushState, hash).not.toHaveBeenCalled();
    }
  });

  it('clears the fragment in place', () => {
    const { page } = fakePage('#v1.abc', '?x=1');
    addressWriter(page, false).clearFragment();
    expect(page.location.hash).toBe('');
    expect(page.history.replaceState).toHaveBeenCalledWith(null, '', '/play/?x=1');
  });
});
