/**
 * One store shape for the lessons that run their own engine (the router of seed 003, the memory tools
 * of seed 004): scenario text, the last good timeline, the step in view, who the learner acts as, and
 * both sides' checks. The engine is injected as a kit of core functions, so the store holds no rule.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CheckResult } from '../../core/checks/checks';
import type { Problem } from '../../core/scenario/scenario';
import type { TextStorage } from '../storage';
import { oversizedScenario } from '../../core/scenario/limits';
import { type OwnTasks, ownTasksOf } from '../../core/exercises/ownExercises';
import type { LessonKind } from '../../core/lessons/catalogue';

/** Which side's checks: the safe engine, or the naive one beside it. */
export type Side = 'safe' | 'naive';

/** One entry of a lesson's timeline in words, as the step list and the current step show it. */
export interface StepWords {
  index: number;
  /** The engine and operation, for the step's badge: `router-recall`, `memtool-search`. */
  op: string;
  label: string;
  summary: string;
  result: string;
  rejected: boolean;
  note?: string;
}

/** What a lesson engine offers its store: all of it core functions. */
export interface EngineKit<T, A, V> {
  /** Which engine's scenarios these are (the tasks a scenario may carry are that engine's). */
  engine: Exclude<LessonKind, 'store'>;
  replay(text: string): { kind: 'ok'; timeline: T } | { kind: 'invalid'; problems: Problem[] };
  /** How many entries (the starting state is entry 0). */
  size(timeline: T): number;
  /** Who the step at `index` acts as, or undefined when it names nobody (the actor in view stays). */
  stepActor(timeline: T, index: number): A | undefined;
  /** Who to act as before any step chose. */
  defaultActor(timeline: T): A;
  checks(timeline: T, side: Side): CheckResult[];
  /** Every entry in words, in order (entry 0 is the starting state). */
  steps(timeline: T): StepWords[];
  /** What the views show for one entry, actor and (for engines that take one) query. */
  view(timeline: T, index: number, actor: A, query: string | null): V;
}

export interface EngineLessonState<T, A, V> {
  /** The text in the editor, run or not. */
  text: string;
  /** The text the timeline on screen was replayed from. */
  ranText: string;
  /** The tasks `ranText` carries itself, found when it was run; null: its lesson's. */
  ownTasks: OwnTasks | null;
  /** The last good timeline: an invalid run leaves it in place. */
  timeline: T;
  problems: Problem[];
  index: number;
  actor: A;
  /** A query the learner typed, or null for the step's own. */
  query: string | null;
  view: V;
  checks: Record<Side, CheckResult[]>;
  /** The timeline's entries in words, kept with the timeline they describe. */
  steps: StepWords[];
  notice: string | null;

  /** Keep what the learner typed (and save it); the timeline changes only on run. */
  editText(text: string): void;
  /** Replace the editor text with `text` and run it. */
  loadScenario(text: string): void;
  /** Load an imported file only if it is valid: an invalid one leaves the editor untouched; its problems come back. */
  importText(text: string): Problem[];
  /** Replay the editor text; a valid scenario replaces the timeline, an invalid one only lists problems. */
  run(): void;
  /** Go back to the lesson's own scenario and forget the saved edit. */
  reset(): void;
  /** Look at entry `index` (clamped); a step that names who acts selects it. */
  stepTo(index: number): void;
  next(): void;
  previous(): void;
  first(): void;
  last(): void;
  /** Act as someone else at this step (a what-if). */
  actAs(actor: A): void;
  /** Ask `query` instead of the step's; null or blank goes back to the step's. */
  ask(query: string | null): void;
  dismissNotice(): void;
}

export type EngineLessonStore<T, A, V> = StoreApi<EngineLessonState<T, A, V>>;

export interface EngineLessonDeps {
  /** The lesson's own scenario; it must be valid. */
  lessonText: string;
  storage: TextStorage;
}

export function createEngineLessonStore<T, A, V>(
  kit: EngineKit<T, A, V>,
  deps: EngineLessonDeps,
): EngineLessonStore<T, A, V> {
  const own = kit.replay(deps.lessonText);
  if (own.kind !== 'ok') throw new Error(`the lesson scenario is invalid: ${own.problems[0]?.message}`);
  const loaded = deps.storage.load();
  const startText = loaded.kind === 'text' ? loaded.text : deps.lessonText;
  const start = startText === deps.lessonText ? own : kit.replay(startText);
  const timeline = start.kind === 'ok' ? start.timeline : own.timeline;

  const checksOf = (t: T) => ({ safe: kit.checks(t, 'safe'), naive: kit.checks(t, 'naive') });
  const derived = (t: T) => ({ checks: checksOf(t), steps: kit.steps(t) });
  const clamp = (t: T, index: number) => Math.max(0, Math.min(index, kit.size(t) - 1));
  /** Moving onto a step selects who it acts as and its own query. */
  const arrive = (t: T, index: number, actor: A, query: string | null) => {
    const at = clamp(t, index);
    const chosen = kit.stepActor(t, at);
    return chosen === undefined
      ? { index: at, actor, query, view: kit.view(t, at, actor, query) }
      : { index: at, actor: chosen, query: null, view: kit.view(t, at, chosen, null) };
  };

  return createStore<EngineLessonState<T, A, V>>()((set, get) => {
    const look = (index: number) => {
      const { timeline: t, actor, query } = get();
      set(arrive(t, index, actor, query));
    };
    const show = (t: T, text: string) => {
      const { index, actor, query } = get();
      set({
        timeline: t,
        ranText: text,
        ownTasks: ownTasksOf(kit.engine, text),
        problems: [],
        ...derived(t),
        index: clamp(t, index),
        view: kit.view(t, clamp(t, index), actor, query),
      });
    };
    const ranText = start.kind === 'ok' ? startText : deps.lessonText;
    return {
      text: startText,
      ranText,
      ownTasks: ownTasksOf(kit.engine, ranText),
      timeline,
      problems: start.kind === 'ok' ? [] : start.problems,
      ...arrive(timeline, 0, kit.defaultActor(timeline), null),
      ...derived(timeline),
      notice: loaded.kind === 'unavailable' ? loaded.notice : null,

      editText(text) {
        if (text === get().text) return;
        const notice = deps.storage.save(text);
        set(notice === null ? { text } : { text, notice });
      },
      loadScenario(text) {
        get().editText(text);
        get().run();
      },
      importText(text) {
        const oversized = oversizedScenario(text);
        if (oversized !== null) return [oversized];
        const outcome = kit.replay(text);
        if (outcome.kind === 'invalid') return outcome.problems;
        get().editText(text);
        show(outcome.timeline, text);
        return [];
      },
      run() {
        const { text } = get();
        // Past the one size limit nothing is parsed: the text stays in the editor, the problem says why.
        const oversized = oversizedScenario(text);
        const outcome = oversized === null ? kit.replay(text) : { kind: 'invalid' as const, problems: [oversized] };
        if (outcome.kind === 'invalid') set({ problems: outcome.problems });
        else show(outcome.timeline, text);
      },
      reset() {
        const notice = deps.storage.clear();
        set({ text: deps.lessonText, ...(notice === null ? {} : { notice }) });
        show(own.timeline, deps.lessonText);
      },
      stepTo: look,
      next: () => look(get().index + 1),
      previous: () => look(get().index - 1),
      first: () => look(0),
      last: () => look(kit.size(get().timeline) - 1),
      actAs(actor) {
        const { timeline: t, index, query } = get();
        set({ actor, view: kit.view(t, index, actor, query) });
      },
      ask(query) {
        const { timeline: t, index, actor } = get();
        const trimmed = query?.trim() ?? '';
        const next = trimmed === '' ? null : trimmed;
        set({ query: next, view: kit.view(t, index, actor, next) });
      },
      dismissNotice() {
        set({ notice: null });
      },
    };
  });
}
