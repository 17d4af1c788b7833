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

/** The open lesson's tasks and what the verifier says of each now. */
export interface LiveTasks {
  lessonId: string;
  exercises: readonly Exercise[];
  /** One per exercise, in the same order; empty until the first verification finishes. */
  verdicts: readonly TaskVerdict[];
  /** The learner's act log on this lesson (the saved one, then what was done since), as the verifier reads it. */
  acts: readonly Act[];
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
   * The open lesson and its tasks changed; verdicts start empty, the act log from the saved one. `keep`
   * says whether acts are kept as progress (default: always).
   */
  showLesson(lessonId: string, exercises: readonly Exercise[], keep?: () => boolean): void;
  /** The learner did something an answer goal reads (saw a step, marked a row, predicted, chose a rule). */
  recordAct(act: Act): void;
  /** The verifier's verdicts on the open lesson; when `record`, met tasks are kept as progress. */
  receiveVerdicts(lessonId: string, verdicts: readonly TaskVerdict[], record: boolean): void;
  /** Reveal the next hint of a task of the open lesson. */
  revealHint(taskId: string): void;
  /** Show the answer to a task of the open lesson. */
  showAnswer(taskId: string): void;
  /** Forget one lesson's progress (the verdicts on screen stay: the next one re-records what still holds). */
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
}

export function createProgressStore(deps: ProgressDeps): ProgressStore {
  const loaded = deps.storage.load();
  return createStore<ProgressState>()((set, get) => {
    const keep = (progress: Progress) => {
      if (progress === get().progress) return;
      const notice = deps.storage.save(progress);
      set(notice === null ? { progress } : { progress, notice });
    };
    const liveExercise = (taskId: string) => {
      const { live } = get();
      const exercise = live?.exercises.find((e) => e.id === taskId);
      return live === null || exercise === undefined
        ? null
        : { lessonId: live.lessonId, exercises: live.exercises, exercise };
    };
    return {
      progress: loaded.progress,
      live: null,
      announcement: null,
      notice: loaded.notice,

      showLesson(lessonId, exercises, keepActs = () => true) {
        const acts = get().progress[lessonId]?.acts ?? [];
        set({ live: { lessonId, exercises, verdicts: [], acts, keep: keepActs } });
      },
      recordAct(act) {
        const { live } = get();
        if (live === null) return;
        const acts = withAct(live.acts, act);
        if (acts === live.acts) return;
        set({ live: { ...live, acts } });
        if (live.keep()) keep(recordActs(get().progress, live.lessonId, live.exercises, acts));
      },
      receiveVerdicts(lessonId, verdicts, record) {
        const { live } = get();
        if (live === null || live.lessonId !== lessonId) return;
        set({ live: { ...live, verdicts } });
        if (!record) return;
        const now = deps.now().toISOString();
        // Acts made before the work was kept (an unedited shared link, then an edit) are kept with it.
        const withActs =
          live.acts.length === 0 ? get().progress : recordActs(get().progress, lessonId, live.exercises, live.acts);
        const { progress, newlyMet } = recordVerdicts(withActs, lessonId, live.exercises, verdicts, now);
        keep(progress);
        if (newlyMet.length > 0) {
          const text = newlyMet.map((e) => `Task met: ${e.task}`).join(' ');
          set({ announcement: { text, seq: (get().announcement?.seq ?? 0) + 1 } });
        }
      },
      revealHint(taskId) {
        const found = liveExercise(taskId);
        if (found !== null) keep(revealNext(get().progress, found.lessonId, found.exercises, found.exercise));
      },
      showAnswer(taskId) {
        const found = liveExercise(taskId);
        if (found !== null) keep(showTheAnswer(get().progress, found.lessonId, found.exercises, found.exercise));
      },
      resetLesson(lessonId) {
        const { [lessonId]: _, ...rest } = get().progress;
        keep(rest);
        const { live } = get();
        if (live?.lessonId === lessonId) set({ live: { ...live, acts: [] } });
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
