/**
 * The lessons shell: which lesson is open, each lesson's session (kept while the page lives, so
 * switching lessons never loses work), the gallery, and the banner for share links and clean starts.
 * Built by a factory with storage injected, like the playground store.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LessonsDeps, LessonsState, LessonsStore } from './lessonsState';
import { DEFAULT_LESSON, LESSONS, type Lesson, lessonById } from '../../core/lessons/catalogue';
import type { OpenedLink, ShareState } from '../../core/sharing/shareLink';
import type { StoreEngine } from '../../engine/protocol';
import { type LessonSession, openSession, type Start } from './sessions';
import { type LessonStatus, statusOfChecks } from './status';
import { safeChecks, savedStatus } from './savedStatus';
import { lessonText } from './lessonTexts';
import { framingOfSession, scenarioTitle } from './framing';
import { isSectionLink, lessonRoute, looksLikeRoute, parseRoute } from './route';

export type { Banner, LessonsDeps, LessonsState, LessonsStore } from './lessonsState';

export function createLessonsStore(deps: LessonsDeps): LessonsStore {
  const sessions = new Map<string, LessonSession>();
  let judge: StoreEngine | null = null;
  /** The engine that judges lessons not open, started when first needed. */
  const judging = () => (judge ??= deps.engines.store(deps.answers));
  const unsubscribe = new Map<string, () => void>();

  return createStore<LessonsState>()((set, get) => {
    const forget = (id: string) => {
      unsubscribe.get(id)?.();
      unsubscribe.delete(id);
      sessions.delete(id);
    };

    const remember = (session: LessonSession) => {
      const id = session.lesson.id;
      forget(id);
      sessions.set(id, session);
      const update = () => set({ statuses: { ...get().statuses, [id]: statusOfChecks(safeChecks(session)) } });
      // The done mark follows every run; other changes (the step in view) cannot change it.
      unsubscribe.set(
        id,
        (session.store as StoreApi<{ ranText: string; safeChecks?: unknown; checks: unknown }>).subscribe(
          (now, before) => {
            if (now.ranText !== before.ranText || now.safeChecks !== before.safeChecks || now.checks !== before.checks)
              update();
          },
        ),
      );
      update();
    };

    /** The opened lessons are kept only for the learner's own work: never on a clean start, nor for an unedited link. */
    const persistVisited = () => {
      if (!get().clean) deps.storage.saveVisited(get().visited);
    };
    const visit = (session: LessonSession) => {
      const { visited } = get();
      if (visited.includes(session.lesson.id)) return;
      set({ visited: [...visited, session.lesson.id] });
      if (session.attached()) persistVisited();
    };

    /** Open a session for `lesson` from `start`; an invalid share link comes back as its message. */
    const open = async (lesson: Lesson, start: Start): Promise<LessonSession | string> => {
      const text = await lessonText(lesson);
      const outcome = await openSession(lesson, start, {
        storage: deps.storage,
        answers: deps.answers,
        engines: deps.engines,
        lessonText: text,
        onAttach: (kept) => {
          // The first edit makes a shared or clean start the learner's own work for this lesson.
          if (start.kind === 'shared') deps.clearFragment();
          persistVisited();
          const { banner } = get();
          if (kept) set({ banner: { kind: 'kept', lesson: lesson.title } });
          else if (banner?.kind === 'shared' || banner?.kind === 'clean') set({ banner: null });
        },
      });
      return outcome.kind === 'ok' ? outcome.session : outcome.message;
    };

    /** Whether the first store lesson has been shown: the first visit is decided then, once. */
    let decided = false;
    const show = (session: LessonSession) => {
      if (!decided && session.engine === 'store') {
        decided = true;
        // Landed before the session reaches the screen, so its first frame already is the landed step's layout: a
        // landing drawn after the panes would move everything below the step's text (a layout shift).
        if (session.origin !== 'shared' && deps.firstVisit?.()) session.store.getState().landOnFirstLeak();
      }
      set({ lessonId: session.lesson.id, session, galleryOpen: false });
      visit(session);
      // Earlier work kept aside by a link's edit is offered back in every later page, until forgotten.
      const { banner } = get();
      const kept = session.attached() && deps.storage.kept(session.lesson.id).load().kind === 'text';
      if (kept && (banner === null || banner.kind === 'kept'))
        set({ banner: { kind: 'kept', lesson: session.lesson.title } });
      else if (!kept && banner?.kind === 'kept') set({ banner: null });
    };

    const openOwn = async (id: string) => {
      const lesson = lessonById(id) ?? lessonById(DEFAULT_LESSON)!;
      set({ lessonId: lesson.id });
      const cached = sessions.get(lesson.id);
      if (cached !== undefined) {
        show(cached);
        return;
      }
      const session = await open(lesson, get().clean ? { kind: 'clean' } : { kind: 'own' });
      if (typeof session === 'string') throw new Error(session);
      // A later choice may have overtaken this load while the lesson's files were fetched.
      if (!sessions.has(lesson.id)) remember(session);
      if (get().lessonId === lesson.id) show(sessions.get(lesson.id)!);
    };

    const openShared = async (state: ShareState) => {
      const lesson = lessonById(state.lesson ?? DEFAULT_LESSON);
      if (lesson === undefined) {
        set({
          banner: {
            kind: 'error',
            message: `This link names a lesson this playground does not have (“${state.lesson}”). Your own work is shown instead.`,
          },
        });
        await openOwn(deps.storage.loadChoice() ?? DEFAULT_LESSON);
        return;
      }
      set({ lessonId: lesson.id });
      const session = await open(lesson, { kind: 'shared', state });
      if (typeof session === 'string') {
        set({ banner: { kind: 'error', message: `${session} Your own work is shown instead.` } });
        await openOwn(deps.storage.loadChoice() ?? DEFAULT_LESSON);
        return;
      }
      remember(session);
      set({ banner: { kind: 'shared', lesson: scenarioTitle(lesson.title, framingOfSession(session)) } });
      show(session);
    };

    return {
      lessonId: DEFAULT_LESSON,
      session: null,
      clean: false,
      galleryOpen: false,
      banner: null,
      visited: [],
      statuses: Object.fromEntries(LESSONS.map((lesson) => [lesson.id, { kind: 'unopened' } as LessonStatus])),
      focusTitle: null,

      async start(hash) {
        const route = parseRoute(hash);
        if (route.kind === 'pack') {
          // A course pack in the address opens in the gallery (state/courses); the learner's lesson opens here.
          set({ visited: deps.storage.loadVisited() });
          return openOwn(deps.storage.loadChoice() ?? DEFAULT_LESSON);
        }
        if (route.kind === 'lesson' || looksLikeRoute(hash)) {
          if (!get().clean) set({ visited: deps.storage.loadVisited() });
          const known = route.kind === 'lesson' && lessonById(route.id) !== undefined;
          if (!known) {
            set({
              banner: {
                kind: 'error',
                message: `This address names a lesson this playground does not have (“${hash.slice(0, 120)}”). Your own work is shown instead.`,
              },
            });
            return openOwn(deps.storage.loadChoice() ?? DEFAULT_LESSON);
          }
          if (get().banner?.kind === 'error') set({ banner: null });
          if (!get().clean) deps.storage.saveChoice(route.id);
          return openOwn(route.id);
        }
        // The link format (and its decompressor) loads only when the address holds something to read.
        const opened: OpenedLink =
          hash === '' || hash === '#' || isSectionLink(hash)
            ? { kind: 'none' }
            : (await import('../../core/sharing/shareLink')).decodeShare(hash);
        switch (opened.kind) {
          case 'none':
            set({ visited: deps.storage.loadVisited() });
            return openOwn(deps.storage.loadChoice() ?? DEFAULT_LESSON);
          case 'clean':
            [...sessions.keys()].forEach(forget);
            set({ clean: true, visited: [], banner: { kind: 'clean' } });
            return openOwn(DEFAULT_LESSON);
          case 'shared':
            set({ visited: deps.storage.loadVisited() });
            return openShared(opened.state);
          case 'error':
            set({
              visited: deps.storage.loadVisited(),
              banner: { kind: 'error', message: `${opened.message} Your own work is shown instead.` },
            });
            return openOwn(deps.storage.loadChoice() ?? DEFAULT_LESSON);
        }
      },
      async openLesson(id) {
        if (!get().clean) deps.storage.saveChoice(id);
        deps.routeTo?.(lessonRoute(id));
        set({ focusTitle: id });
        await openOwn(id);
      },
      async backToOwnWork() {
        const { lessonId, clean } = get();
        deps.clearFragment();
        if (clean) {
          // Leave the clean start altogether: every lesson opens from the learner's saved work again.
          [...sessions.keys()].forEach(forget);
          set({ clean: false, banner: null, visited: deps.storage.loadVisited() });
          await openOwn(deps.storage.loadChoice() ?? lessonId);
          return;
        }
        forget(lessonId);
        set({ banner: null });
        await openOwn(lessonId);
      },
      toggleGallery(open) {
        const galleryOpen = open ?? !get().galleryOpen;
        set({ galleryOpen });
        if (galleryOpen) void get().refreshStatuses();
      },
      titleFocused() {
        set({ focusTitle: null });
      },
      dismissBanner() {
        set({ banner: null });
      },
      restoreKept() {
        const { session } = get();
        if (session === null) return;
        const keep = deps.storage.kept(session.lesson.id);
        const kept = keep.load();
        if (kept.kind !== 'text') return;
        const state = session.store.getState();
        const rulesOff = session.engine === 'store' ? session.store.getState().rulesOff : [];
        keep.save(state.text, rulesOff);
        state.loadScenario(kept.text);
        if (session.engine === 'store') session.store.getState().setRulesOff(kept.rulesOff ?? []);
        set({ banner: { kind: 'kept', lesson: session.lesson.title } });
      },
      forgetKept() {
        const { session } = get();
        if (session !== null) deps.storage.kept(session.lesson.id).clear();
        set({ banner: null });
      },
      async refreshStatuses() {
        const { visited } = get();
        const pending = LESSONS.filter((lesson) => visited.includes(lesson.id) && !sessions.has(lesson.id));
        const checking = Object.fromEntries(pending.map((lesson) => [lesson.id, { kind: 'checking' } as LessonStatus]));
        set({ statuses: { ...get().statuses, ...checking } });
        const found = await Promise.all(
          pending.map(async (lesson) => [lesson.id, await savedStatus(lesson, deps.storage, judging)] as const),
        );
        set({ statuses: { ...get().statuses, ...Object.fromEntries(found) } });
      },
      async lessonForFile(open, text) {
        const { lessonForFile } = await import('./fileKind');
        return lessonForFile(open, text, judging());
      },
    };
  });
}
