/**
 * The playground's one store: scenario text, the last good timeline, the step and principal being
 * looked at, and the answers filter. Built by a factory with storage injected, so tests and a command
 * line drive it headless. Derived data is computed here from core functions when its inputs change.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { drain, type Work } from '../core/replay/work';
import type { Principal } from '../core/store/entities';
import type { Problem } from '../core/scenario/scenario';
import { replayText as replayCore, type Timeline } from '../core/replay/replayText';
import { RULES, type Rule, type Rules, withRulesOff } from '../core/store/rules';
import { defaultPrincipal, principalOptions, type PrincipalOptions } from '../core/timeline/principals';
import {
  changePrincipal,
  principalChoices,
  type PrincipalChoices,
  principalIndexOf,
} from '../core/timeline/principalChoices';

import { defaultQuestion } from '../core/timeline/timelineIndex';
import { firstLeak, type Opening } from '../core/explain/headline';
import { stepPrincipal } from '../core/explain/describe';
import {
  type AnswerBook,
  type AnswerFilter,
  type AnswerRow,
  filterAnswers,
  NO_FILTER,
} from '../core/grading/answerRows';
import { type CheckResult, runChecks } from '../core/checks/checks';
import type { LocatedFailure } from '../core/checks/locateChecks';
import type { CacheRow } from '../core/explain/cacheTrace';
import type { Coverage } from '../core/checks/ruleCoverage';
import type { TextStorage } from './storage';
import { type EntryWords, entryWords, type StepView, stepView, stepViewWork } from './derive';
import { coverageOf, defaultComparison, timelineChecks, type WhyView, whyView } from './why';
import { guardedReplayWork, type RunResult, runWork, type TimelineParts } from './runJob';
import { browserPause, type Slicer, slicer, SUPERSEDED } from './slices';
import { deferSave } from './deferredSaves';

/**
 * From this many characters a Run (or a rule switch) is done in slices, the page answering between them,
 * and the save after an edit waits for the next task (the paste's own task is long enough). Below it,
 * a lesson's or a learner's scenario (a few dozen steps, a few kilobytes), everything happens at once.
 */
export const LARGE_TEXT_CHARS = 200_000;

export interface PlaygroundDeps {
  /** The scenario a reset returns to; it must be valid. */
  seedText: string;
  storage: TextStorage;
  answers: AnswerBook;
  /** Replays scenario text: the core's replayText, unless a test needs one that fails. */
  replay?: typeof replayCore;
  /** Does large work in slices (slices.ts); the browser's pause by default, a test's own to step it. */
  slicer?: Slicer;
  /** Runs a deferred save in a later task; setTimeout(0) by default. */
  later?(task: () => void): void;
}

/** What is being done in slices: a Run, a rule switch's replay, or an imported file's. */
export type Running = 'run' | 'rules' | 'import';

/** A job's result, with the views of the step in view made for what was in view (`seen`) as it ended. */
interface Viewed {
  result: RunResult;
  seen: Looked | null;
  views: Derived | null;
}

export interface PlaygroundState {
  /** The text in the editor, run or not. */
  text: string;
  /** The text the timeline on screen was replayed from. */
  ranText: string;
  /** The last good timeline: an invalid run leaves it in place. */
  timeline: Timeline;
  words: EntryWords[];
  options: PrincipalOptions;
  /** Problems of the last run; empty when it was valid. */
  problems: Problem[];
  index: number;
  /**
   * Where a first visit opened and what happens there (core/explain/headline), while the learner has not
   * moved from it; null once they have. Not the learner's own choice of step (exercises do not count it).
   */
  landing: Opening | null;
  principal: Principal | null;
  /** A question the learner typed, or null for the step's question. */
  customQuestion: string | null;
  view: StepView;
  /** Who may be asking at this step, and whether the principal in view is hypothetical (core/timeline/principalChoices.ts). */
  choices: PrincipalChoices;
  /** A storage problem to show the person, or null. */
  notice: string | null;
  /** The edited text the last reset discarded, until the next edit: what undoReset brings back. */
  discarded: string | null;
  answerFilter: AnswerFilter;
  answers: AnswerBook;
  shownAnswers: AnswerRow[];

  /** What is being done in slices for a large text, or null; the timeline on screen is the last one until it ends. */
  running: Running | null;
  /** Replace the editor text with `text` and run it. */
  loadScenario(text: string): void;
  /** Keep what the person typed (and save it, a large text in the next task); the timeline changes only on run. */
  editText(text: string): void;
  /** Write a save that editText deferred now: before a reload, a Run, or anything that reads saved work. */
  flushSave(): void;
  /**
   * Replay the editor text; a valid scenario replaces the timeline, an invalid one only lists problems.
   * A small text is done when this returns; a large one in slices (`running`, `settled`), and the last Run wins.
   */
  run(): void;
  /** Resolves once no run, rule switch or import is under way (at once when none is). */
  settled(): Promise<void>;
  /**
   * Replay `text` as an imported file: a valid one becomes the editor's text and the timeline; an invalid
   * one changes nothing and its located problems come back (null: a later Run or import took its place).
   */
  importScenario(text: string): Promise<Problem[] | null>;
  /** Go back to the seed scenario and forget the saved edit; the step in view stays. */
  reset(): void;
  /** Bring back (and run) the edited text the last reset discarded. */
  undoReset(): void;
  /** Look at entry `index` (clamped); a query step selects its own principal and question. */
  stepTo(index: number): void;
  /** A first visit: open at the first step where the naive list leaks, with its headline (no step: nothing). */
  landOnFirstLeak(): void;
  /** Look at the next entry. */
  next(): void;
  /** Look at the previous entry. */
  previous(): void;
  /** Look at the configuration. */
  first(): void;
  /** Look at the last step. */
  last(): void;
  /** Ask as another user, task or agent (any part may change). */
  selectPrincipal(change: Partial<Principal>): void;
  /** The item the learner asked about from the access picture (its seq), for the explainer to show; or null. */
  focusedItem: number | null;
  /** Ask why `principal` may or may not read the item `seq`: ask as that principal, and point the explainer at it. */
  explainItemFor(principal: Principal, seq: number): void;
  /** Ask `question` instead of the step's; null or blank goes back to the step's question. */
  askQuestion(question: string | null): void;
  /** Narrow the recorded answers shown. */
  filterAnswers(change: Partial<AnswerFilter>): void;
  /** Show every recorded answer for one principal. */
  showAnswersFor(principal: string): void;
  /** Hide the storage notice. */
  dismissNotice(): void;
  /** Rules the learner switched off, in RULES order; every replay runs without them. */
  rulesOff: Rule[];
  /** Switch one rule off, or back on, and replay the last good scenario. */
  toggleRule(rule: Rule): void;
  /** Switch exactly these rules off (the rest on) and replay (a Run under way starts again under them). */
  setRulesOff(rules: readonly Rule[]): void;
  /** Every check on the timeline in view: the invariants, then the scenario's expectations. */
  checks: CheckResult[];
  /** The checks of `ranText` with every rule on, whatever is switched off: what a lesson's done mark reads. */
  safeChecks: CheckResult[];
  /** The failures of red checks, located in `ranText`. */
  checkFailures: LocatedFailure[];
  /** Steps of `ranText` the store rejected unexpectedly, located: shown in Problems and marked in the editor. */
  rejections: Problem[];
  /** One row per query step: the cache key, hit or miss, and what was served to whom. */
  cache: CacheRow[];
  /**
   * For each rule, the checks it keeps green in `ranText` (found with every other rule on); null for a
   * text too large to replay once per rule; undefined until a view asks for it with `needCoverage`.
   */
  coverage: Coverage | null | undefined;
  /** Find `coverage` for the text on screen, if not found yet: it replays that text once per rule. */
  needCoverage(): void;
  /** The second principal of the compare mode, or null when not comparing. */
  comparing: Principal | null;
  /** The explainer for the request in view, and the compare mode's second request. */
  why: WhyView;
  /** Compare with another principal: start comparing, or change part of the one compared with. */
  compareWith(change?: Partial<Principal>): void;
  /** Leave the compare mode. */
  stopComparing(): void;
}

export type PlaygroundStore = StoreApi<PlaygroundState>;

/** The picker's choices for what is in view. */
const choicesOf = (f: { timeline: Timeline; index: number; principal: Principal | null }): PrincipalChoices =>
  principalChoices(principalIndexOf(f.timeline), f.index, f.principal);

type Focus = Pick<PlaygroundState, 'timeline' | 'index' | 'principal' | 'customQuestion'>;
type Derived = Focus & Pick<PlaygroundState, 'view' | 'comparing' | 'why' | 'choices'>;
/** What the views were derived for: the step, principal, question and comparison in view then. */
type Looked = Pick<PlaygroundState, 'index' | 'principal' | 'customQuestion' | 'comparing'>;
const looked = ({ index, principal, customQuestion, comparing }: Looked): Looked => ({
  index,
  principal,
  customQuestion,
  comparing,
});
const sameLook = (a: Looked, b: Looked) =>
  a.index === b.index &&
  a.principal === b.principal &&
  a.customQuestion === b.customQuestion &&
  a.comparing === b.comparing;

/**
 * The store, opened on the saved text (or the seed). A large saved text replays in slices after this
 * returns, `running` saying so: its timeline is the one on screen once `settled()` resolves.
 */
export function createPlaygroundStore(deps: PlaygroundDeps): PlaygroundStore {
  // Every replay below goes through the guard; only the seed's, which must be valid, calls the core directly.
  const replayText = (text: string, rules: Rules) => drain(guardedReplayWork(text, rules, deps.replay));
  const slice = deps.slicer ?? slicer(browserPause());
  const later = deps.later ?? ((task: () => void) => void setTimeout(task, 0));
  const seed = replayCore(deps.seedText);
  if (seed.kind !== 'ok') throw new Error(`the seed scenario is invalid: ${seed.problems[0]?.message}`);

  /** Everything derived from what is being looked at. */
  const focus = (f: Focus): Focus & Pick<PlaygroundState, 'view' | 'choices'> => {
    const question = f.customQuestion ?? defaultQuestion(f.timeline, f.index);
    return { ...f, view: stepView(f.timeline, f.index, f.principal, question, deps.answers), choices: choicesOf(f) };
  };

  /** Moving onto a query step selects its principal and question. */
  const arrive = (
    timeline: Timeline,
    index: number,
    principal: Principal | null,
    customQuestion: string | null,
  ): Focus => {
    const at = Math.max(0, Math.min(index, timeline.entries.length - 1));
    const entry = timeline.entries[at]!;
    if (entry.step?.op === 'query')
      return { timeline, index: at, principal: stepPrincipal(entry.step), customQuestion: null };
    return { timeline, index: at, principal: principal ?? defaultPrincipal(timeline), customQuestion };
  };

  /** The timeline and what is read from it once: words, options, checks (and with every rule on) and cache rows. */
  const timelineParts = (timeline: Timeline, ranText: string) => {
    const checks = timelineChecks(timeline, ranText);
    const allOn = RULES.every((rule) => timeline.rules[rule]);
    const safe = allOn ? null : replayText(ranText, withRulesOff());
    return {
      timeline,
      // An item seq means nothing in another timeline.
      focusedItem: null,
      words: entryWords(timeline),
      options: principalOptions(timeline),
      ...checks,
      safeChecks: safe?.kind === 'ok' ? runChecks(safe.timeline) : checks.checks,
    };
  };

  const loaded = deps.storage.load();
  const startText = loaded.kind === 'text' ? loaded.text : deps.seedText;
  // Rules switched off before a reload stay off; the saved text replays without them.
  const startOff = loaded.kind === 'text' ? (loaded.rulesOff ?? []) : [];
  const replayStart = (text: string) =>
    text === deps.seedText && startOff.length === 0 ? seed : replayText(text, withRulesOff(...startOff));
  // A large saved or linked text replays in slices once the store exists (the `run` below its creation):
  // until it ends the seed is the timeline, as for a Run.
  const sliced = startText.length >= LARGE_TEXT_CHARS;
  const start = sliced ? null : replayStart(startText);
  const ranStart = start?.kind === 'ok' ? startText : deps.seedText;
  const fallback = start?.kind === 'ok' ? start : replayStart(deps.seedText);
  const timeline = fallback.kind === 'ok' ? fallback.timeline : seed.timeline;
  const startFocus = focus(arrive(timeline, 0, null, null));

  const store = createStore<PlaygroundState>()((set, get) => {
    /** The text editText has not saved yet (a large one waits for the next task), or null. */
    let unsaved: string | null = null;
    const saveNow = (text: string) => {
      unsaved = null;
      const notice = deps.storage.save(text, get().rulesOff);
      if (notice !== null) set({ notice });
    };
    const flushSave = () => {
      if (unsaved !== null) saveNow(unsaved);
    };
    /**
     * Save `text` now, or a large one in a later task: a large paste's (or rule switch's) task is long
     * already, and its save (a 3 MB JSON string into localStorage) is tens of milliseconds more. A Run, a
     * reset, an import and the page hiding write it at once (flushSave, flushDeferredSaves).
     */
    const keep = (text: string) => {
      if (text.length < LARGE_TEXT_CHARS) {
        saveNow(text);
        return;
      }
      const first = unsaved === null;
      unsaved = text;
      if (first) {
        later(flushSave);
        deferSave(flushSave);
      }
    };

    // One job at a time: each start supersedes the one before, whose result is then never applied.
    let jobs = 0;
    /** The Run or import under way: a rule switch starts it again under the new rules. */
    let inFlight: { restart(): Promise<void> } | null = null;
    const cancel = () => {
      jobs++;
      inFlight = null;
    };
    /** The job under way's end, for `settled`. */
    let ending: Promise<unknown> = Promise.resolve();
    /**
     * Do `work` and `finish` with its result, unless a later job superseded it: at once for a small text;
     * for a large one in slices, the last slice finishing (resolves true when it finished, false if superseded).
     */
    const begin = <T>(work: Work<T>, chars: number, kind: Running, finish: (result: T) => void): Promise<boolean> => {
      const id = ++jobs;
      const done = (result: T | typeof SUPERSEDED) => {
        if (result === SUPERSEDED || id !== jobs) return false;
        inFlight = null;
        finish(result);
        return true;
      };
      const out = chars < LARGE_TEXT_CHARS ? drain(work) : slice(work, () => id !== jobs);
      if (!(out instanceof Promise)) return Promise.resolve(done(out));
      set({ running: kind });
      const ended = out.then(done);
      ending = ended;
      return ended;
    };

    /** The focus after a valid run: the person's principal is kept if the new scenario still names it. */
    const focusAfterRun = (timeline: Timeline, options: PrincipalOptions, seen: Looked) => {
      const { index, principal, customQuestion } = seen;
      const keep =
        principal !== null &&
        options.users.includes(principal.user) &&
        options.tasks.includes(principal.task) &&
        options.agents.includes(principal.agent);
      const f = arrive(timeline, index, keep ? principal : defaultPrincipal(timeline), customQuestion);
      return deriveWork(f, keep ? seen.comparing : null);
    };
    /**
     * `work`, then the views of the step in view in slices of their own, derived for what is in view
     * as the work ends; `focusFor` says how (after a Run, or after a rule switch: the same steps).
     */
    function* thenViews(
      work: Work<RunResult>,
      focusFor: (parts: TimelineParts, seen: Looked) => Work<Derived>,
    ): Work<Viewed> {
      const result = yield* work;
      if (result.kind === 'invalid') return { result, seen: null, views: null };
      const seen = looked(get());
      return { result, seen, views: yield* focusFor(result.parts, seen) };
    }
    /** The views made with the work, unless the person moved on meanwhile: then they are made again. */
    const viewsNow = (viewed: Viewed, focusFor: (parts: TimelineParts, seen: Looked) => Work<Derived>) => {
      const now = looked(get());
      if (viewed.views !== null && viewed.seen !== null && sameLook(viewed.seen, now)) return viewed.views;
      return drain(focusFor((viewed.result as RunResult & { kind: 'ok' }).parts, now));
    };
    const afterRun = (parts: TimelineParts, seen: Looked) => focusAfterRun(parts.timeline, parts.options, seen);
    /** A valid run's result on screen. */
    const showRun = (text: string, viewed: Viewed & { result: { kind: 'ok' } }) => {
      set({
        ...viewed.result.parts,
        focusedItem: null,
        ranText: text,
        problems: [],
        coverage: undefined,
        safeChecks: viewed.result.safe ?? viewed.result.parts.checks,
        running: null,
        ...viewsNow(viewed, afterRun),
      });
    };
    const startRun = (text: string): Promise<void> => {
      inFlight = { restart: () => startRun(text) };
      const work = thenViews(
        runWork(text, withRulesOff(...get().rulesOff), { replay: deps.replay, safe: true }),
        afterRun,
      );
      return begin(work, text.length, 'run', (viewed) => {
        if (viewed.result.kind === 'invalid') set({ problems: viewed.result.problems, running: null });
        else showRun(text, viewed as Viewed & { result: { kind: 'ok' } });
      }).then(() => undefined);
    };
    const startImport = (text: string, done: (problems: Problem[] | null) => void): Promise<void> => {
      inFlight = { restart: () => startImport(text, done) };
      // Once the file is known to be valid it becomes the editor's text (a large one's save deferred), in a
      // slice of its own: the editor taking 3 MB is a long task by itself, the timeline's views follow.
      const onValid = () => get().editText(text);
      const rules = withRulesOff(...get().rulesOff);
      const work = thenViews(runWork(text, rules, { replay: deps.replay, safe: true, onValid }), afterRun);
      return begin(work, text.length, 'import', (viewed) => {
        if (viewed.result.kind === 'invalid') {
          set({ running: null });
          done(viewed.result.problems);
          return;
        }
        showRun(text, viewed as Viewed & { result: { kind: 'ok' } });
        done([]);
      }).then((finished) => {
        if (!finished) done(null);
      });
    };

    /** The focus's views plus the explainer and the compare mode, for the principal compared with. */
    const derive = (f: Focus, comparing = get().comparing) => drain(deriveWork(f, comparing));
    /** derive as work: after a large run its parts are tens of milliseconds each, so each has a slice. */
    function* deriveWork(f: Focus, comparing: Principal | null): Work<Derived> {
      const question = f.customQuestion ?? defaultQuestion(f.timeline, f.index);
      const view = yield* stepViewWork(f.timeline, f.index, f.principal, question, deps.answers);
      const why = whyView(f.timeline, f.index, f.principal, question, view.request, comparing, deps.answers);
      yield;
      return { ...f, view, comparing, why, choices: choicesOf(f) };
    }
    const look = (index: number, principal = get().principal, customQuestion = get().customQuestion) =>
      set({ ...derive(arrive(get().timeline, index, principal, customQuestion)), landing: null });

    return {
      text: startText,
      ranText: ranStart,
      ...timelineParts(timeline, ranStart),
      problems: start === null || start.kind === 'ok' ? [] : start.problems,
      ...startFocus,
      comparing: null,
      landing: null,
      why: whyView(
        timeline,
        0,
        startFocus.principal,
        startFocus.view.question,
        startFocus.view.request,
        null,
        deps.answers,
      ),
      // Found when a view that shows it first opens: the first paint does not replay the text per rule.
      coverage: undefined,
      running: null,
      notice: loaded.kind === 'unavailable' ? loaded.notice : null,
      discarded: null,
      answerFilter: NO_FILTER,
      answers: deps.answers,
      shownAnswers: deps.answers.rows,

      loadScenario(text) {
        get().editText(text);
        get().run();
      },
      editText(text) {
        if (text === get().text) return;
        set({ text, discarded: null });
        keep(text);
      },
      flushSave,
      run() {
        flushSave();
        void startRun(get().text);
      },
      async settled() {
        // A job started while waiting replaces `ending`: wait for that one too.
        for (let waited = ending; ; waited = ending) {
          await waited.catch(() => undefined);
          if (waited === ending) return;
        }
      },
      importScenario(text) {
        flushSave();
        return new Promise((resolve) => void startImport(text, resolve));
      },
      reset() {
        cancel();
        unsaved = null;
        const { rulesOff, text: edited } = get();
        // The text goes back to the seed; the switched-off rules stay off, and stay saved.
        const notice = rulesOff.length === 0 ? deps.storage.clear() : deps.storage.save(deps.seedText, rulesOff);
        const again = rulesOff.length === 0 ? seed : replayText(deps.seedText, withRulesOff(...rulesOff));
        const timeline = again.kind === 'ok' ? again.timeline : seed.timeline;
        set({
          text: deps.seedText,
          ranText: deps.seedText,
          ...timelineParts(timeline, deps.seedText),
          problems: [],
          running: null,
          discarded: edited === deps.seedText ? null : edited,
          coverage: undefined,
          ...derive(arrive(timeline, get().index, defaultPrincipal(timeline), null), null),
          ...(notice === null ? {} : { notice }),
        });
      },
      undoReset() {
        const { discarded } = get();
        if (discarded !== null) get().loadScenario(discarded);
      },
      stepTo(index) {
        look(index);
      },
      landOnFirstLeak() {
        const opening = firstLeak(get().timeline.entries);
        if (opening === null) return;
        look(opening.index, null, null);
        set({ landing: opening });
      },
      next() {
        look(get().index + 1);
      },
      previous() {
        look(get().index - 1);
      },
      first() {
        look(0);
      },
      last() {
        look(get().timeline.entries.length - 1);
      },
      selectPrincipal(change) {
        const { timeline, index, principal, customQuestion } = get();
        const base = principal ?? defaultPrincipal(timeline) ?? { user: '', task: '', agent: '' };
        const next = changePrincipal(principalIndexOf(timeline), index, base, change);
        set(derive({ timeline, index, principal: next, customQuestion }));
      },
      explainItemFor(principal, seq) {
        const { timeline, index, customQuestion } = get();
        set({ ...derive({ timeline, index, principal, customQuestion }), focusedItem: seq });
      },
      askQuestion(question) {
        const { timeline, index, principal } = get();
        const trimmed = question?.trim() ?? '';
        set(derive({ timeline, index, principal, customQuestion: trimmed === '' ? null : trimmed }));
      },
      filterAnswers(change) {
        const answerFilter = { ...get().answerFilter, ...change };
        set({ answerFilter, shownAnswers: filterAnswers(deps.answers.rows, answerFilter) });
      },
      showAnswersFor(principal) {
        const answerFilter = { ...NO_FILTER, principal };
        set({ answerFilter, shownAnswers: filterAnswers(deps.answers.rows, answerFilter) });
      },
      needCoverage() {
        if (get().coverage === undefined) set({ coverage: coverageOf(get().ranText) });
      },
      dismissNotice() {
        set({ notice: null });
      },
      rulesOff: RULES.filter((rule) => startOff.includes(rule)),
      toggleRule(rule) {
        const off = get().rulesOff;
        get().setRulesOff(off.includes(rule) ? off.filter((r) => r !== rule) : [...off, rule]);
      },
      setRulesOff(rules) {
        const rulesOff = RULES.filter((rule) => rules.includes(rule));
        // The switched-off rules are saved with the text (which, when large, waits for a later task).
        set({ rulesOff });
        keep(get().text);
        // A Run or import under way starts again under the new rules: it is what the person will see.
        if (inFlight !== null) {
          void inFlight.restart();
          return;
        }
        // The last good text replays under the new rules; an unrun edit stays in the editor.
        const { ranText } = get();
        // Same text, same steps: the step, principal and question in view stay as they are.
        const sameSteps = (parts: TimelineParts, seen: Looked) =>
          deriveWork(
            {
              timeline: parts.timeline,
              index: seen.index,
              principal: seen.principal,
              customQuestion: seen.customQuestion,
            },
            seen.comparing,
          );
        const work = thenViews(runWork(ranText, withRulesOff(...rulesOff), { replay: deps.replay }), sameSteps);
        void begin(work, ranText.length, 'rules', (viewed) => {
          const { result } = viewed;
          if (result.kind === 'invalid')
            throw new Error(`the last good scenario no longer replays: ${result.problems[0]?.message}`);
          set({ ...result.parts, focusedItem: null, running: null, ...viewsNow(viewed, sameSteps) });
        });
      },
      compareWith(change = {}) {
        const { timeline, index, principal, customQuestion, comparing } = get();
        const base = comparing ?? defaultComparison(timeline, principal) ?? principal;
        if (base === null) return;
        set(derive({ timeline, index, principal, customQuestion }, { ...base, ...change }));
      },
      stopComparing() {
        const { timeline, index, principal, customQuestion } = get();
        set(derive({ timeline, index, principal, customQuestion }, null));
      },
    };
  });
  if (sliced) store.getState().run();
  return store;
}
