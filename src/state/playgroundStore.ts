/**
 * The playground's one store: scenario text, the last good timeline, the step and principal being
 * looked at, and the answers filter. Built by a factory with storage injected, so tests and a command
 * line drive it headless. Derived data is computed here from core functions when its inputs change.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Principal } from '../core/model';
import type { Problem } from '../core/scenario';
import { replayText, type Timeline } from '../core/replay';
import { RULES, type Rule, withRulesOff } from '../core/rules';
import { defaultPrincipal, defaultQuestion, principalOptions, type PrincipalOptions } from '../core/principals';
import { stepPrincipal } from '../core/describe';
import { type AnswerBook, type AnswerFilter, type AnswerRow, filterAnswers, NO_FILTER } from '../core/answers';
import type { TextStorage } from './storage';
import { type EntryWords, entryWords, type StepView, stepView } from './derive';

export interface PlaygroundDeps {
  /** The scenario a reset returns to; it must be valid. */
  seedText: string;
  storage: TextStorage;
  answers: AnswerBook;
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
}

export type PlaygroundStore = StoreApi<PlaygroundState>;

type Focus = Pick<PlaygroundState, 'timeline' | 'index' | 'principal' | 'customQuestion'>;

export function createPlaygroundStore(deps: PlaygroundDeps): PlaygroundStore {
  const seed = replayText(deps.seedText);
  if (seed.kind !== 'ok') throw new Error(`the seed scenario is invalid: ${seed.problems[0]?.message}`);

  /** Everything derived from what is being looked at. */
  const focus = (f: Focus): Focus & Pick<PlaygroundState, 'view'> => {
    const question = f.customQuestion ?? defaultQuestion(f.timeline, f.index);
    return { ...f, view: stepView(f.timeline, f.index, f.principal, question, deps.answers) };
  };

  /** Moving onto a query step selects its principal and question. */
  const arrive = (timeline: Timeline, index: number, principal: Principal | null, customQuestion: string | null): Focus => {
    const at = Math.max(0, Math.min(index, timeline.entries.length - 1));
    const entry = timeline.entries[at]!;
    if (entry.step?.op === 'query') return { timeline, index: at, principal: stepPrincipal(entry.step), customQuestion: null };
    return { timeline, index: at, principal: principal ?? defaultPrincipal(timeline), customQuestion };
  };

  const timelineParts = (timeline: Timeline) => ({ timeline, words: entryWords(timeline), options: principalOptions(timeline) });

  const loaded = deps.storage.load();
  const startText = loaded.kind === 'text' ? loaded.text : deps.seedText;
  const start = startText === deps.seedText ? seed : replayText(startText);
  const timeline = start.kind === 'ok' ? start.timeline : seed.timeline;

  return createStore<PlaygroundState>()((set, get) => {
    const look = (index: number, principal = get().principal, customQuestion = get().customQuestion) =>
      set(focus(arrive(get().timeline, index, principal, customQuestion)));

    return {
      text: startText,
      ranText: start.kind === 'ok' ? startText : deps.seedText,
      ...timelineParts(timeline),
      problems: start.kind === 'ok' ? [] : start.problems,
      ...focus(arrive(timeline, 0, null, null)),
      notice: loaded.kind === 'unavailable' ? loaded.notice : null,
      answerFilter: NO_FILTER,
      answers: deps.answers,
      shownAnswers: deps.answers.rows,

      loadScenario(text) {
        get().editText(text);
        get().run();
      },
      editText(text) {
        if (text === get().text) return;
        const notice = deps.storage.save(text);
        set(notice === null ? { text } : { text, notice });
      },
      run() {
        const { text, index, principal, customQuestion, rulesOff } = get();
        const outcome = replayText(text, withRulesOff(...rulesOff));
        if (outcome.kind === 'invalid') {
          set({ problems: outcome.problems });
          return;
        }
        const next = outcome.timeline;
        const options = principalOptions(next);
        // Keep the person's principal if the new scenario still names it; otherwise start over.
        const keep = principal !== null && options.users.includes(principal.user)
          && options.tasks.includes(principal.task) && options.agents.includes(principal.agent);
        set({ ...timelineParts(next), ranText: text, problems: [],
          ...focus(arrive(next, index, keep ? principal : defaultPrincipal(next), customQuestion)) });
      },
      reset() {
        const notice = deps.storage.clear();
        const { rulesOff } = get();
        const again = rulesOff.length === 0 ? seed : replayText(deps.seedText, withRulesOff(...rulesOff));
        const timeline = again.kind === 'ok' ? again.timeline : seed.timeline;
        set({ text: deps.seedText, ranText: deps.seedText, ...timelineParts(timeline), problems: [],
          ...focus(arrive(timeline, get().index, defaultPrincipal(timeline), null)), ...(notice === null ? {} : { notice }) });
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
        set(focus({ timeline, index, principal: { ...base, ...change }, customQuestion }));
      },
      askQuestion(question) {
        const { timeline, index, principal } = get();
        const trimmed = question?.trim() ?? '';
        set(focus({ timeline, index, principal, customQuestion: trimmed === '' ? null : trimmed }));
      },
      filterAnswers(change) {
        const answerFilter = { ...get().answerFilter, ...change };
        set({ answerFilter, shownAnswers: filterAnswers(deps.answers.rows, answerFilter) });
      },
      showAnswersFor(principal) {
        const answerFilter = { ...NO_FILTER, principal };
        set({ answerFilter, shownAnswers: filterAnswers(deps.answers.rows, answerFilter) });
      },
      dismissNotice() {
        set({ notice: null });
      },
      rulesOff: [],
      toggleRule(rule) {
        const off = get().rulesOff;
        get().setRulesOff(off.includes(rule) ? off.filter((r) => r !== rule) : [...off, rule]);
      },
      setRulesOff(rules) {
        const rulesOff = RULES.filter((rule) => rules.includes(rule));
        const { ranText, index, principal, customQuestion } = get();
        // The last good text replays under the new rules; an unrun edit stays in the editor.
        const outcome = replayText(ranText, withRulesOff(...rulesOff));
        if (outcome.kind === 'invalid') throw new Error(`the last good scenario no longer replays: ${outcome.problems[0]?.message}`);
        // Same text, same steps: the step, principal and question in view stay as they are.
        set({ rulesOff, ...timelineParts(outcome.timeline), ...focus({ timeline: outcome.timeline, index, principal, customQuestion }) });
      },
    };
  });
}
