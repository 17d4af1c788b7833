/**
 * The learner's progress on every lesson's tasks, and the verdicts on the open lesson's tasks. Built by
 * a factory with storage and clock injected; the verdicts come in from the verdict watcher, which runs
 * the core's verifier on the open lesson's replay and the learner's acts.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Act, Exercise, TaskVerdict } from '../../core/exercises/types';
import {
  type Progress,
  recordActs,
  recordVerdicts,
  revealHint as revealNext,
  showAnswer as showTheAnswer,
  withAct,
} from './progressLogic';
import type { ProgressStorage } from './progressStorage';
import { isScenarioKey } from '../../core/exercises/ownExercises';
import { ownValue } from '../../core/own';
import { newChoiceSeed } from '../../core/exercises/choices';
import type { Reveal } from '../../core/exercises/reveal';

/** The open lesson's tasks and what the verifier says of each now. */
export interface LiveTasks {
  lessonId: string;
  /**
   * The key the tasks' progress is kept under: the lesson's ID for the gallery's tasks, `scenario-<hash>`
   * for the tasks a scenario carries itself (core/exercises/ownExercises.ts).
   */
  key: string;
  /** What the progress file calls these tasks: the lesson's title, or the scenario's. */
  title: string;
  exercises: readonly Exercise[];
  /** One per exercise, in the same order; empty until the first verification finishes. */
  verdicts: readonly TaskVerdict[];
  /** The learner's act log on this lesson (the saved one, then what was done since), as the verifier reads it. */
  acts: readonly Act[];
  /** The order this learner is offered a task's choices in (core/exercises/choices.ts): the saved seed, else a new one. */
  seed: number;
  /** Whether the lesson's acts are kept as progress now (not on a clean start or an unedited shared link). */
  keep(): boolean;
}

export interface ProgressState {
  progress: Progress;
  live: LiveTasks | null;
  /** The last task that became met, in words, for a live region; `seq` tells two equal texts apart. */
  announcement: { text: string; seq: number } | null;
  /** A storage problem to show, or null. */
  notice: string | null;
  /**
   * What the open lesson's page may show at the step in view while its tasks are pending (answer first,
   * then see: core/exercises/reveal.ts). The verdict watcher keeps it current (reveal.ts in this folder).
   * Null: nothing is withheld (no task pending, or the lesson's tasks are not known yet).
   */
  reveal: Reveal | null;
  /** The verdict watcher found what the page may show now. */
  showReveal(reveal: Reveal | null): void;

  /**
   * The open lesson or its tasks changed; verdicts start empty, the act log from the saved one. `keep`
   * says whether acts are kept as progress (default: always); `key` (the lesson's ID unless given) is
   * where their progress is kept, `title` what the progress file calls them.
   */
  showLesson(
    lessonId: string,
    exercises: readonly Exercise[],
    keep?: () => boolean,
    key?: string,
    title?: string,
  ): void;
  /** The learner did something an answer goal reads (saw a step, marked a row, predicted, chose a rule). */
  recordAct(act: Act): void;
  /** The verifier's verdicts on the tasks kept under `key`; when `record`, met tasks are kept as progress. */
  receiveVerdicts(key: string, verdicts: readonly TaskVerdict[], record: boolean): void;
  /** Reveal the next hint of a task of the open lesson. */
  revealHint(taskId: string): void;
  /** Show the answer to a task of the open lesson. */
  showAnswer(taskId: string): void;
  /** Forget one lesson's (or scenario's) progress (the verdicts on screen stay: the next one re-records what still holds). */
  resetLesson(lessonId: string): void;
  /** Forget every lesson's progress. */
  resetAll(): void;
  /** Read the progress from storage again (after the page left or entered a clean start). */
  reload(): void;
  dismissNotice(): void;
}

export type ProgressStore = StoreApi<ProgressState>;

export interface ProgressDeps {
  storage: ProgressStorage;
  /** The time a task is first met; the page passes `() => new Date()`. */
  now(): Date;
  /** A course pack lesson's names, by its progress key (state/courses/packStore.ts), when one is open. */
  nameOf?(key: string): { title: string; course: { id: string; title: string } } | undefined;
  /** Where a new lesson's choice seed comes from (default Math.random); a test passes its own. */
  random?(): number;
}

/** The open lesson's record carries its choice seed from its first write on, so a reload offers the same order. */
function withSeed(progress: Progress, live: LiveTasks | null): Progress {
  if (live === null) return progress;
  const lesson = ownValue(progress, live.key);
  if (lesson === undefined || lesson.seed === live.seed) return progress;
  return { ...progress, [live.key]: { ...lesson, seed: live.seed } };
}

/**
 * A scenario's own tasks are named nowhere else: their record keeps the scenario's title and the tasks'
 * words, so a progress file made after a reload still names them for the classroom view.
 */
function withAbout(progress: Progress, live: LiveTasks | null, nameOf: ProgressDeps['nameOf']): Progress {
  if (live === null || !isScenarioKey(live.key)) return progress;
  const lesson = ownValue(progress, live.key);
  if (lesson === undefined || lesson.about !== undefined) return progress;
  const tasks = Object.fromEntries(live.exercises.map((e) => [e.id, e.task]));
  // A lesson of a course pack is named by the pack: its title, and the course it belongs to.
  const named = nameOf?.(live.key);
  const about =
    named === undefined ? { title: live.title, tasks } : { title: named.title, tasks, course: named.course };
  return { ...progress, [live.key]: { ...lesson, about } };
}

export function createProgressStore(deps: ProgressDeps): ProgressStore {
  const loaded = deps.storage.load();
  return createStore<ProgressState>()((set, get) => {
    const keep = (changed: Progress) => {
      if (changed === get().progress) return;
      const progress = withSeed(withAbout(changed, get().live, deps.nameOf), get().live);
      const notice = deps.storage.save(progress);
      set(notice === null ? { progress } : { progress, notice });
    };
    const liveExercise = (taskId: string) => {
      const { live } = get();
      const exercise = live?.exercises.find((e) => e.id === taskId);
      return live === null || exercise === undefined ? null : { key: live.key, exercises: live.exercises, exercise };
    };
    return {
      progress: loaded.progress,
      live: null,
      announcement: null,
      notice: loaded.notice,
      reveal: null,
      showReveal(reveal) {
        set({ reveal });
      },

      showLesson(lessonId, exercises, keepActs = () => true, key = lessonId, title = key) {
        const saved = ownValue(get().progress, key);
        const acts = saved?.acts ?? [];
        const seed = saved?.seed ?? newChoiceSeed(deps.random ?? Math.random);
        set({ live: { lessonId, key, title, exercises, verdicts: [], acts, seed, keep: keepActs } });
      },
      recordAct(act) {
        const { live } = get();
        if (live === null) return;
        const acts = withAct(live.acts, act);
        if (acts === live.acts) return;
        set({ live: { ...live, acts } });
        if (live.keep()) keep(recordActs(get().progress, live.key, live.exercises, acts));
      },
      receiveVerdicts(key, verdicts, record) {
        const { live } = get();
        if (live === null || live.key !== key) return;
        set({ live: { ...live, verdicts } });
        if (!record) return;
        const now = deps.now().toISOString();
        // Acts made before the work was kept (an unedited shared link, then an edit) are kept with it.
        const withActs =
          live.acts.length === 0 ? get().progress : recordActs(get().progress, key, live.exercises, live.acts);
        const { progress, newlyMet } = recordVerdicts(withActs, key, live.exercises, verdicts, now);
        keep(progress);
        if (newlyMet.length > 0) {
          const text = newlyMet.map((e) => `Task met: ${e.task}`).join(' ');
          set({ announcement: { text, seq: (get().announcement?.seq ?? 0) + 1 } });
        }
      },
      revealHint(taskId) {
        const found = liveExercise(taskId);
        if (found !== null) keep(revealNext(get().progress, found.key, found.exercises, found.exercise));
      },
      showAnswer(taskId) {
        const found = liveExercise(taskId);
        if (found !== null) keep(showTheAnswer(get().progress, found.key, found.exercises, found.exercise));
      },
      resetLesson(key) {
        const { [key]: _, ...rest } = get().progress;
        keep(rest);
        const { live } = get();
        if (live?.key === key) set({ live: { ...live, acts: [] } });
      },
      resetAll() {
        keep({});
        const { live } = get();
        if (live !== null) set({ live: { ...live, acts: [] } });
      },
      reload() {
        const again = deps.storage.load();
        set({ progress: again.progress, notice: again.notice });
      },
      dismissNotice() {
        set({ notice: null });
      },
    };
  });
}
