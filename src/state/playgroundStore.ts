/**
 * The playground's one store: scenario text, the last good timeline, the step and principal being
 * looked at, and the answers filter. Built by a factory with storage injected, so tests and a command
 * line drive it headless. Derived data is computed here from core functions when its inputs change.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Principal } from '../core/store/entities';
import type { Problem } from '../core/scenario/scenario';
import { type ReplayOutcome, replayText as replayCore, type Timeline } from '../core/replay/replayText';
import { RULES, type Rule, withRulesOff } from '../core/store/rules';
import { defaultPrincipal, principalOptions, type PrincipalOptions } from '../core/timeline/principals';
import { defaultQuestion } from '../core/timeline/timelineIndex';
import { stepPrincipal } from '../core/explain/describe';
import {
  type AnswerBook,
  type AnswerFilter,
  type AnswerRow,
  filterAnswers,
  NO_FILTER,
} from '../core/grading/answerRows';
import type { CheckResult } from '../core/checks/checks';
import type { LocatedFailure } from '../core/checks/locateChecks';
import type { CacheRow } from '../core/explain/cacheTrace';
import type { Coverage } from '../core/checks/ruleCoverage';
import { oversizedScenario } from '../core/scenario/limits';
import type { TextStorage } from './storage';
import { type EntryWords, entryWords, type StepView, stepView } from './derive';
import { coverageOf, defaultComparison, timelineChecks, type WhyView, whyView } from './why';

export interface PlaygroundDeps {
  /** The scenario a reset returns to; it must be valid. */
  seedText: string;
  storage: TextStorage;
  answers: AnswerBook;
  /** Replays scenario text: the core's replayText, unless a test needs one that fails. */
  replay?: typeof replayCore;
}

/**
 * A replay that throws is a bug in the playground, not in the text. It must not blank the page or lose
 * the text (saved before any run): it becomes a problem on screen, and the stack goes to the console.
 */
function guardedReplay(replay: typeof replayCore, ...args: Parameters<typeof replayCore>): ReplayOutcome {
  try {
    return replay(...args);
  } catch (error) {
    console.error('The replay failed', error);
    const why = error instanceof Error ? error.message : String(error);
    return {
      kind: 'invalid',
      problems: [
        {
          path: '(replay)',
          message: `the replay failed (${why}): a bug in the playground, not in your text, which is kept`,
        },
      ],
    };
  }
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
  principal: Principal | null;
  /** A question the learner typed, or null for the step's question. */
  customQuestion: string | null;
  view: StepView;
  /** A storage problem to show the person, or null. */
  notice: string | null;
  /** The edited text the last reset discarded, until the next edit: what undoReset brings back. */
  discarded: string | null;
  answerFilter: AnswerFilter;
  answers: AnswerBook;
  shownAnswers: AnswerRow[];

  /** Replace the editor text with `text` and run it. */
  loadScenario(text: string): void;
  /** Keep what the person typed (and save it); the timeline changes only on run. */
  editText(text: string): void;
  /** Replay the editor text; a valid scenario replaces the timeline, an invalid one only lists problems. */
  run(): void;
  /** Go back to the seed scenario and forget the saved edit; the step in view stays. */
  reset(): void;
  /** Bring back (and run) the edited text the last reset discarded. */
  undoReset(): void;
  /** Look at entry `index` (clamped); a query step selects its own principal and question. */
  stepTo(index: number): void;
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
  /** Switch exactly these rules off (the rest on) and replay, e.g. to reproduce an incident. */
  setRulesOff(rules: readonly Rule[]): void;
  /** Every check on the timeline in view: the invariants, then the scenario's expectations. */
  checks: CheckResult[];
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

type Focus = Pick<PlaygroundState, 'timeline' | 'index' | 'principal' | 'customQuestion'>;

export function createPlaygroundStore(deps: PlaygroundDeps): PlaygroundStore {
  // Every replay below goes through the guard; only the seed's, which must be valid, calls the core directly.
  const replayText = (...args: Parameters<typeof replayCore>) => guardedReplay(deps.replay ?? replayCore, ...args);
  const seed = replayCore(deps.seedText);
  if (seed.kind !== 'ok') throw new Error(`the seed scenario is invalid: ${seed.problems[0]?.message}`);

  /** Everything derived from what is being looked at. */
  const focus = (f: Focus): Focus & Pick<PlaygroundState, 'view'> => {
    const question = f.customQuestion ?? defaultQuestion(f.timeline, f.index);
    return { ...f, view: stepView(f.timeline, f.index, f.principal, question, deps.answers) };
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

  /** The timeline and what is read from it once: words, options, checks and cache rows. */
  const timelineParts = (timeline: Timeline, ranText: string) => ({
    timeline,
    // An item seq means nothing in another timeline.
    focusedItem: null,
    words: entryWords(timeline),
    options: principalOptions(timeline),
    ...timelineChecks(timeline, ranText),
  });

  const loaded = deps.storage.load();
  const startText = loaded.kind === 'text' ? loaded.text : deps.seedText;
  // Rules switched off before a reload stay off; the saved text replays without them.
  const startOff = loaded.kind === 'text' ? (loaded.rulesOff ?? []) : [];
  const replayStart = (text: string) =>
    text === deps.seedText && startOff.length === 0 ? seed : replayText(text, withRulesOff(...startOff));
  const start = replayStart(startText);
  const ranStart = start.kind === 'ok' ? startText : deps.seedText;
  const fallback = start.kind === 'ok' ? start : replayStart(deps.seedText);
  const timeline = fallback.kind === 'ok' ? fallback.timeline : seed.timeline;
  const startFocus = focus(arrive(timeline, 0, null, null));

  return createStore<PlaygroundState>()((set, get) => {
    /** The focus's views plus the explainer and the compare mode, for the principal compared with. */
    const derive = (f: Focus, comparing = get().comparing) => {
      const viewed = focus(f);
      return {
        ...viewed,
        comparing,
        why: whyView(
          f.timeline,
          f.index,
          f.principal,
          viewed.view.question,
          viewed.view.request,
          comparing,
          deps.answers,
        ),
      };
    };
    const look = (index: number, principal = get().principal, customQuestion = get().customQuestion) =>
      set(derive(arrive(get().timeline, index, principal, customQuestion)));

    return {
      text: startText,
      ranText: ranStart,
      ...timelineParts(timeline, ranStart),
      problems: start.kind === 'ok' ? [] : start.problems,
      ...startFocus,
      comparing: null,
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
        const notice = deps.storage.save(text, get().rulesOff);
        set(notice === null ? { text, discarded: null } : { text, notice, discarded: null });
      },
      run() {
        const { text, index, principal, customQuestion, rulesOff } = get();
        // Past the one size limit nothing is parsed: the text stays in the editor, the problem says why.
        const oversized = oversizedScenario(text);
        if (oversized !== null) {
          set({ problems: [oversized] });
          return;
        }
        const outcome = replayText(text, withRulesOff(...rulesOff));
        if (outcome.kind === 'invalid') {
          set({ problems: outcome.problems });
          return;
        }
        const next = outcome.timeline;
        const options = principalOptions(next);
        // Keep the person's principal if the new scenario still names it; otherwise start over.
        const keep =
          principal !== null &&
          options.users.includes(principal.user) &&
          options.tasks.includes(principal.task) &&
          options.agents.includes(principal.agent);
        set({
          ...timelineParts(next, text),
          ranText: text,
          problems: [],
          coverage: undefined,
          ...derive(
            arrive(next, index, keep ? principal : defaultPrincipal(next), customQuestion),
            keep ? get().comparing : null,
          ),
        });
      },
      reset() {
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
        set(derive({ timeline, index, principal: { ...base, ...change }, customQuestion }));
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
        const { ranText, text, index, principal, customQuestion } = get();
        // The last good text replays under the new rules; an unrun edit stays in the editor.
        const outcome = replayText(ranText, withRulesOff(...rulesOff));
        if (outcome.kind === 'invalid')
          throw new Error(`the last good scenario no longer replays: ${outcome.problems[0]?.message}`);
        // Same text, same steps: the step, principal and question in view stay as they are.
        const notice = deps.storage.save(text, rulesOff);
        set({
          rulesOff,
          ...timelineParts(outcome.timeline, ranText),
          ...derive({ timeline: outcome.timeline, index, principal, customQuestion }),
          ...(notice === null ? {} : { notice }),
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
}
