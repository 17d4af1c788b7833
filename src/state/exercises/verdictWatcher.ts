/**
 * Keeps the open lesson's task verdicts current: whenever the lesson, its replayed text, the step in
 * view or the rules switched off change, the tasks are judged again (after a short pause, so stepping
 * with j/k does not verify every step passed over) and the progress store records the result. A store
 * lesson's are judged in its engine (src/engine/worker/verdicts.ts), beside the learner's timeline; an answer
 * that a later request or another lesson superseded is dropped (a generation counter, state/jobs.ts).
 * Work on a shared link or a clean start that has not been edited is verified but not recorded. A
 * scenario that carries its own `exercises` is judged by them, its progress kept under its own key: the
 * engine that ran the text says which (its `ownTasks`), so the page's thread never parses it again.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { Act, Exercise, LearnerActs, TaskVerdict } from '../../core/exercises/types';
import type { Lesson } from '../../core/lessons/catalogue';
import type { Rule } from '../../core/store/rules';
import type { LessonsStore } from '../lessons/lessonsStore';
import type { LessonSession } from '../lessons/sessions';
import type { ProgressStore } from './progressStore';
import type { OwnTasks } from '../../core/exercises/ownExercises';
import { MAX_JUDGED_CHARS } from '../../core/limits';
import type { Answer } from '../../engine/protocol';
import { EngineRestarted } from '../../engine/client/restarted';
import { jobRunner } from '../jobs';
import { digits } from '../../core/text/digits';
import { revealNow, sameReveal } from './reveal';

/** What the verifier reads: the lesson's own scenario, the learner's (the one the timeline ran), and their acts. */
export interface VerifyInput {
  lessonText: string;
  text: string;
  acts: LearnerActs;
}

/** Judges tasks in the session's engine: at once from one in the page's thread, later from a worker. */
export type Verify = (exercises: readonly Exercise[], input: VerifyInput) => Answer<readonly TaskVerdict[]>;

export interface WatcherDeps {
  lessons: LessonsStore;
  progress: ProgressStore;
  /** A lesson's tasks and its own scenario text (loaded with the lesson, so the entry chunk does not carry them). */
  tasksOf(lesson: Lesson): Promise<{ exercises: readonly Exercise[]; lessonText: string }>;
  /** The verifier of a session's lesson (its engine's, for a store lesson), loaded when a lesson with tasks first opens. */
  loadVerify(session: LessonSession): Promise<Verify>;
  /** Run `run` after a pause; returns a cancel. The page passes a setTimeout. */
  schedule(run: () => void): () => void;
}

type Watched = {
  ranText: string;
  ownTasks: OwnTasks | null;
  index: number;
  rulesOff?: readonly Rule[];
  landing?: { index: number } | null;
};

/**
 * Past this many characters a scenario is not judged in the page: judging replays it (twice for some
 * goals), which for the 20,000-step benchmark scenario is a main-thread task of about a second after
 * every Run. A lesson's tasks are about the lesson's small scenario; the command line judges any size.
 */
export { MAX_JUDGED_CHARS };

/** The verdicts for a scenario too large to judge here: each task unmet, saying why and what to run. */
export function tooLargeVerdicts(exercises: readonly { id: string }[], lessonId: string, chars: number): TaskVerdict[] {
  const reason = `This scenario is too large to judge here (${digits(chars)} characters; the page judges up to ${digits(MAX_JUDGED_CHARS)}): run \`npm run --silent replay -- --lesson ${lessonId} FILE\`.`;
  return exercises.map((exercise) => ({ id: exercise.id, met: false, reason }));
}

/** What the learner has done in a session's store and the lesson's act log, as the verifier reads it. */
export function actsOf(state: Watched, log: readonly Act[] = []): LearnerActs {
  // The step a first visit opened at was not the learner's choice: it counts once they select a step.
  const chosen = state.landing?.index === state.index ? 0 : state.index;
  return { selectedStep: chosen, rulesOff: state.rulesOff ?? [], log };
}

/** The steps a task asks to predict (a prediction counts only while neither that step nor a later one was seen). */
export function watchedSteps(exercises: readonly Exercise[]): readonly number[] {
  return exercises.flatMap(({ goal }) => (goal.kind === 'predictLeak' ? [goal.step] : []));
}

/**
 * Whether showing step `index` is worth a "see" in the log: it reaches a predicted step that no step
 * seen before reached. So the log grows by at most one act per predicted step, however long the timeline.
 */
export function seesNew(watched: readonly number[], log: readonly Act[], index: number): boolean {
  const furthest = Math.max(0, ...log.flatMap((act) => (act.kind === 'see' ? [act.step] : [])));
  return watched.some((step) => step > furthest && step <= index);
}

/** The tasks on screen: where their progress is kept, what they are called, and what they are judged against. */
interface TaskSource {
  key: string;
  title: string;
  exercises: readonly Exercise[];
  lessonText: string;
}

/**
 * Which tasks a session's ran text is judged by: the tasks the scenario carries itself (`own`, as its
 * engine found them when it ran the text), when it carries any, else its lesson's. A scenario's own tasks
 * are judged against the text they first arrived with in this page (`origins`): a task such as "add a new
 * user" means new to the teacher's scenario.
 */
export function taskSource(
  lesson: Lesson,
  gallery: { exercises: readonly Exercise[]; lessonText: string },
  ran: { ranText: string; ownTasks: OwnTasks | null },
  origins: Map<string, string>,
): TaskSource {
  const own = ran.ownTasks;
  if (own === null) return { key: lesson.id, title: lesson.title, ...gallery };
  const lessonText = origins.get(own.key) ?? ran.ranText;
  origins.set(own.key, lessonText);
  return { key: own.key, title: own.title, exercises: own.exercises, lessonText };
}

/** Start watching; returns a function that stops. */
export function watchVerdicts(deps: WatcherDeps): () => void {
  let stopSession = () => {};
  let cancel = () => {};
  let current: LessonSession | null = null;
  let stopped = false;
  const origins = new Map<string, string>();
  /** Each request for verdicts is numbered; leaving a lesson or stopping numbers one too, so older answers drop. */
  const jobs = jobRunner<'verify'>();

  const follow = async (session: LessonSession) => {
    stopSession();
    cancel();
    jobs.begin('verify');
    current = session;
    // Until the lesson's tasks are known, nothing is withheld (a lesson without tasks shows everything).
    if (deps.progress.getState().reveal !== null) deps.progress.getState().showReveal(null);
    const gallery = await deps.tasksOf(session.lesson);
    if (current !== session || stopped) return;
    const store = session.store as StoreApi<Watched>;
    // The lesson's tasks, or the ones the scenario carries itself (taskSource), shown under their key.
    let source = taskSource(session.lesson, gallery, store.getState(), origins);
    const show = () =>
      deps.progress
        .getState()
        .showLesson(session.lesson.id, source.exercises, session.attached, source.key, source.title);
    show();
    // A step is seen the moment it is shown, however fast the learner steps past it or jumps beyond it.
    let watched = watchedSteps(source.exercises);
    const isShown = (live: ReturnType<ProgressStore['getState']>['live']) =>
      live?.lessonId === session.lesson.id && live.key === source.key;
    const see = (index: number) => {
      const { live, recordAct } = deps.progress.getState();
      if (live !== null && isShown(live) && seesNew(watched, live.acts, index)) recordAct({ kind: 'see', step: index });
    };
    see(store.getState().index);
    // What the page may show at the step in view (answer first, then see): again whenever the step, the
    // progress or the verdicts change; written only when it changes.
    const reveal = () => {
      const state = deps.progress.getState();
      const now = isShown(state.live) ? revealNow(state, store.getState().index) : null;
      if (!sameReveal(now, state.reveal)) state.showReveal(now);
    };
    reveal();
    const stopRevealing = deps.progress.subscribe(reveal);
    const stopSeeing = store.subscribe((now, before) => {
      if (now.index === before.index) return;
      see(now.index);
      reveal();
    });
    stopSession = () => {
      stopSeeing();
      stopRevealing();
    };
    const verify = await deps.loadVerify(session);
    if (current !== session || stopped) {
      stopSeeing();
      stopRevealing();
      return;
    }
    const liveActs = () => {
      const { live } = deps.progress.getState();
      return live !== null && isShown(live) ? live.acts : [];
    };
    function again() {
      cancel();
      cancel = deps.schedule(run);
    }
    const run = () => {
      const ids = jobs.begin('verify');
      const text = store.getState().ranText;
      const next = taskSource(session.lesson, gallery, store.getState(), origins);
      // The same key means the same tasks: their verdicts stay on screen while the new ones are judged.
      if (next.key !== source.key) {
        source = next;
        watched = watchedSteps(source.exercises);
        show();
        see(store.getState().index);
      }
      if (source.exercises.length === 0) return;
      const { key, exercises, lessonText } = source;
      const receive = (verdicts: readonly TaskVerdict[]) => {
        if (jobs.current('verify', ids)) deps.progress.getState().receiveVerdicts(key, verdicts, session.attached());
      };
      if (text.length > MAX_JUDGED_CHARS) return receive(tooLargeVerdicts(exercises, session.lesson.id, text.length));
      jobs.when(
        () => verify(exercises, { lessonText, text, acts: actsOf(store.getState(), liveActs()) }),
        receive,
        (error) => {
          // A restarted engine replays the last good text; the tasks are judged again on it.
          if (error instanceof EngineRestarted) again();
          else console.error('The tasks could not be judged', error);
        },
      );
    };
    run();
    const stopStore = store.subscribe((now, before) => {
      const same =
        now.ranText === before.ranText &&
        now.index === before.index &&
        now.rulesOff === before.rulesOff &&
        now.landing === before.landing;
      if (same) return;
      again();
    });
    let acts = liveActs();
    const stopActs = deps.progress.subscribe(() => {
      if (liveActs() === acts) return;
      acts = liveActs();
      again();
    });
    stopSession = () => {
      stopSeeing();
      stopRevealing();
      stopStore();
      stopActs();
    };
  };

  const onLessons = () => {
    const { session } = deps.lessons.getState();
    if (session !== null && session !== current) void follow(session);
  };
  const stopLessons = deps.lessons.subscribe(onLessons);
  onLessons();
  return () => {
    stopped = true;
    jobs.begin('verify');
    stopLessons();
    stopSession();
    cancel();
  };
}
