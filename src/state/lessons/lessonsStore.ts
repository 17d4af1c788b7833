/**
 * The lessons shell: which lesson is open, each lesson's session (kept while the page lives, so
 * switching lessons never loses work), the gallery, and the banner for share links and clean starts.
 * Built by a factory with storage injected, like the playground store.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { DEFAULT_LESSON, LESSONS, type Lesson, lessonById } from '../../core/lessons/catalogue';
import type { OpenedLink, ShareState } from '../../core/sharing/shareLink';
import { runChecksWork } from '../../core/checks/checks';
import { ALL_RULES } from '../../core/store/rules';
import type { Work } from '../../core/replay/work';
import { browserPause, slicer } from '../slices';
import { sizedReplayWork } from '../runJob';
import type { AnswerBook } from '../../core/grading/answerRows';
import type { LessonsStorage } from './lessonStorage';
import { type LessonSession, loadEngine, openSession, type Start } from './sessions';
import { type LessonStatus, statusOfChecks } from './status';
import { lessonText } from './lessonTexts';
import { framingOfSession, scenarioTitle } from './framing';
import { isSectionLink, lessonRoute, looksLikeRoute, parseRoute } from './route';

export type Banner =
  | { kind: 'error'; message: string }
  /** A shared link is on screen; the learner's own work for this lesson is untouched until they edit. */
  | { kind: 'shared'; lesson: string }
  /** The clean-start address: saved work is neither read nor written until the learner edits. */
  | { kind: 'clean' }
  /** An edit replaced the learner's earlier saved work on this lesson, which is kept aside to restore. */
  | { kind: 'kept'; lesson: string };

export interface LessonsState {
  lessonId: string;
  /** The open lesson's session; null until its first load finishes. */
  session: LessonSession | null;
  /** Started from the clean-start address: every lesson opens from its own scenario. */
  clean: boolean;
  galleryOpen: boolean;
  banner: Banner | null;
  /** Lessons the learner has opened (not kept on a clean start). */
  visited: string[];
  statuses: Record<string, LessonStatus>;
  /** A lesson the learner just chose, whose title should take focus once it is on screen; else null. */
  focusTitle: string | null;

  /** Open what the address asks for: a share link, the clean start, or the learner's last lesson. */
  start(hash: string): Promise<void>;
  /** Open a lesson: its session from earlier in this page, or a new one from the learner's saved work. */
  openLesson(id: string): Promise<void>;
  /** Leave a shared link or clean start and open the learner's own saved work for this lesson. */
  backToOwnWork(): Promise<void>;
  /** Show or hide the lessons gallery. */
  toggleGallery(open?: boolean): void;
  dismissBanner(): void;
  /** Swap the open lesson's text with the earlier work kept aside (so a second call undoes the first). */
  restoreKept(): void;
  /** Drop the earlier work kept aside for the open lesson. */
  forgetKept(): void;
  /** Recompute the done marks of every lesson opened so far. */
  refreshStatuses(): Promise<void>;
  /** The chosen lesson's title has taken focus. */
  titleFocused(): void;
}

export type LessonsStore = StoreApi<LessonsState>;

export interface LessonsDeps {
  storage: LessonsStorage;
  answers: AnswerBook;
  /** Drop a share link from the address once it is the learner's own work (history.replaceState in the page). */
  clearFragment(): void;
  /**
   * The learner chose a lesson: give it its own address (route.ts), a new entry in the history, so back
   * and forward return to it. Not called when the address itself opened the lesson.
   */
  routeTo?(hash: string): void;
}

/** A session's safe-side checks: the store with every rule on, or the engine's safe side. */
function safeChecks(session: LessonSession) {
  switch (session.engine) {
    case 'store':
      // Kept by the store with each run (a 3 MB scenario's replay here took 170 ms on each rule switch).
      return session.store.getState().safeChecks;
    case 'router':
      return session.store.getState().checks.safe;
    case 'memtool':
      return session.store.getState().checks.safe;
    case 'vector':
      return session.store.getState().checks.safe;
  }
}

/** A store lesson's done mark from its text, as work: a large saved text is replayed in slices, the gallery answering. */
function* storeStatusWork(text: string): Work<LessonStatus> {
  const outcome = yield* sizedReplayWork(text, ALL_RULES);
  return outcome.kind === 'ok'
    ? statusOfChecks(yield* runChecksWork(outcome.timeline))
    : { kind: 'invalid', problems: outcome.problems.length };
}

/** The done mark of a lesson not open in this page, from its saved text (or its own scenario). */
async function savedStatus(lesson: Lesson, storage: LessonsStorage): Promise<LessonStatus> {
  const saved = storage.lesson(lesson.id).load();
  const text = saved.kind === 'text' ? saved.text : await lessonText(lesson);
  if (lesson.engine === 'store') {
    // Nothing supersedes a status: the slicer always gives the result.
    return (await slicer(browserPause())(storeStatusWork(text), () => false)) as LessonStatus;
  }
  if (lesson.engine === 'router') {
    const { kit } = await loadEngine('router');
    const outcome = kit.replay(text);
    return outcome.kind === 'ok'
      ? statusOfChecks(kit.checks(outcome.timeline, 'safe'))
      : { kind: 'invalid', problems: outcome.problems.length };
  }
  if (lesson.engine === 'vector') {
    // Its checks need the database: a lesson not open shows only whether its scenario parses.
    const outcome = (await loadEngine('vector')).kit.replay(text);
    return outcome.kind === 'ok' ? statusOfChecks([]) : { kind: 'invalid', problems: outcome.problems.length };
  }
  const { kit } = await loadEngine('memtool');
  const outcome = kit.replay(text);
  return outcome.kind === 'ok'
    ? statusOfChecks(kit.checks(outcome.timeline, 'safe'))
    : { kind: 'invalid', problems: outcome.problems.length };
}

export function createLessonsStore(deps: LessonsDeps): LessonsStore {
  const sessions = new Map<string, LessonSession>();
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
        (session.store as StoreApi<{ ranText: string; timeline: unknown }>).subscribe((now, before) => {
          if (now.ranText !== before.ranText || now.timeline !== before.timeline) update();
        }),
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
      const engine = lesson.engine === 'store' ? undefined : await loadEngine(lesson.engine);
      const outcome = await openSession(lesson, start, {
        storage: deps.storage,
        answers: deps.answers,
        lessonText: text,
        engine,
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

    const show = (session: LessonSession) => {
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
          pending.map(async (lesson) => [lesson.id, await savedStatus(lesson, deps.storage)] as const),
        );
        set({ statuses: { ...get().statuses, ...Object.fromEntries(found) } });
      },
    };
  });
}
