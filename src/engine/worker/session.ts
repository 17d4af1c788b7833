/**
 * The engine itself, synchronous and pure: it keeps the last good timeline and the look, and answers
 * the protocol's requests with view models. It runs in a Web Worker in the page (worker.ts) and in the
 * caller's thread elsewhere (local.ts); the CLI and the core's tests call the core directly.
 */
import type { Principal } from '../../core/store/entities';
import type { LessonKind } from '../../core/lessons/catalogue';
import { replayText, type Timeline } from '../../core/replay/replayText';
import { ALL_RULES, RULES, type Rules, withRulesOff } from '../../core/store/rules';
import { runChecks } from '../../core/checks/checks';
import { defaultPrincipal, principalOptions } from '../../core/timeline/principals';
import { changePrincipal, principalChoices, principalIndexOf } from '../../core/timeline/principalChoices';
import { defaultQuestion } from '../../core/timeline/timelineIndex';
import { firstLeak } from '../../core/explain/headline';
import type { AnswerBook } from '../../core/grading/answerRows';
import { ownTasksOf } from '../../core/exercises/ownExercises';
import { entryWords, stepView } from './derive';
import { guardedReplay } from './guardedReplay';
import { arrive, rowOf, START } from './look';
import { viewChoices } from './choiceLists';
import { namedUsers } from '../../core/timeline/namedUsers';
import { coverageOf, defaultComparison, timelineChecks, whyView } from './why';
import type { Rows } from '../../core/timeline/rows';
import type { Act, Judged, ListName, Look, RowWindow, RunReply, RunRequest, Screen, SentViews } from '../protocol';
import type { GradedAnswer, LeanVerdictsRequest } from '../protocol';
import type { LiveGrade } from '../../core/grading/scenarioGrading';
import type { TaskJudge } from './verdicts';
import type { TaskVerdict } from '../../core/exercises/types';

/** A list this long is sent whole: at least as long as the lists a VirtualList draws whole (VIRTUAL_FROM). */
export const WHOLE_UP_TO = 200;
/** Of a longer list, the rows sent with its views: a screenful; the page asks for the rest as it scrolls. */
export const FIRST_ROWS = 24;
/** Views whose long lists the engine keeps for the page to read: the last few, as answers cross. */
const KEPT_VERSIONS = 4;

export interface EngineSession {
  run(request: RunRequest): RunReply;
  act(act: Act): SentViews;
  rows<T>(list: ListName, version: number, from: number, to: number): T[] | null;
  coverage(): ReturnType<typeof coverageOf>;
  timeline(): Timeline;
  judge(text: string, kind?: LessonKind): Judged | Promise<Judged>;
  gradeAnswer(principal: string, answer: GradedAnswer): Promise<LiveGrade>;
  verify(request: LeanVerdictsRequest): TaskVerdict[];
}

/**
 * An engine with nothing replayed yet: its first request is a run. `replay` replaces the core's in a test;
 * `firstVersion` numbers its views after those of an engine it replaces (client.ts), so a list read late
 * from the old one's views is never answered with the new one's rows. `judge` judges lesson tasks
 * (verdicts.ts: the worker's; lazyVerdicts.ts in the page, so the page's entry does not carry it).
 */
export function createSession(
  answers: AnswerBook,
  replay = replayText,
  firstVersion = 0,
  judge?: TaskJudge,
): EngineSession {
  let timeline: Timeline | null = null;
  let ranText = '';
  let ranOff: RunRequest['rulesOff'] = [];
  /** Valid runs so far, numbered after those of an engine this one replaces (as views are). */
  let runs = firstVersion;
  /** The lesson text of the last request for verdicts: a later one may leave it out. */
  let lessonText: string | null = null;
  let look: Look = START;
  /** The all-rules-on checks of a text, kept: a rule switch replays the same text. */
  let safe: { text: string; checks: Screen['safeChecks'] } | null = null;

  const held = (): Timeline => {
    if (timeline === null) throw new Error('the engine has no timeline yet: run a scenario first');
    return timeline;
  };

  let version = firstVersion;
  /** The long lists of the last few views sent, by version. */
  const lists = new Map<number, Map<ListName, Rows<unknown>>>();

  /** Every view model of `at` on the timeline held; their long lists stay here, a first window sent. */
  const views = (at: Look): SentViews => {
    const t = held();
    const question = at.customQuestion ?? defaultQuestion(t, at.index);
    const view = stepView(t, at.index, at.principal, question, answers, at.storeShown);
    const why = whyView(t, at.index, at.principal, question, view.request, at.comparing, answers);
    const own = new Map<ListName, Rows<unknown>>();
    lists.set(++version, own);
    lists.delete(version - KEPT_VERSIONS);
    const sent = <T>(list: ListName, rows: Rows<T>, focused = -1): RowWindow<T> => {
      own.set(list, rows);
      const sent = rows.length <= WHOLE_UP_TO ? rows.length : FIRST_ROWS;
      const first = Array.from({ length: sent }, (_, i) => rows.at(i)!);
      return { list, version, length: rows.length, rows: first, focused };
    };
    const { explained } = why;
    const { store } = view;
    return {
      ...at,
      view: {
        ...view,
        store:
          store === null
            ? null
            : { ...store, groups: sent('storeGroups', store.groups), items: sent('storeItems', store.items) },
      },
      why: {
        ...why,
        explained:
          explained === null
            ? null
            : {
                ...explained,
                leftOut: sent('leftOut', explained.leftOut, rowOf(explained.leftOut, at.focusedItem)),
                deleted: sent('deleted', explained.deleted, rowOf(explained.deleted, at.focusedItem)),
              },
      },
      choices: viewChoices(principalChoices(principalIndexOf(t), at.index, at.principal)),
    };
  };

  const rows = <T>(list: ListName, of: number, from: number, to: number): T[] | null => {
    const kept = lists.get(of)?.get(list) as Rows<T> | undefined;
    if (kept === undefined) return null;
    const end = Math.min(to, kept.length);
    return Array.from({ length: Math.max(0, end - from) }, (_, i) => kept.at(from + i)!);
  };

  /** The look after a valid run of a new timeline. */
  const placed = (t: Timeline, request: RunRequest, options: Screen['options']): Look => {
    const { mode } = request;
    if (typeof mode === 'object') return mode.restore;
    if (mode === 'rules') return { ...look, index: Math.min(look.index, t.entries.length - 1), focusedItem: null };
    // A run is not a move: a first visit's landing stays until the learner moves.
    const { landing } = look;
    if (mode === 'reset') {
      const { storeShown } = look;
      return { ...arrive(t, look.index, { ...START, principal: defaultPrincipal(t), storeShown }), landing };
    }
    const { principal } = look;
    const kept =
      principal !== null &&
      options.users.includes(principal.user) &&
      options.tasks.includes(principal.task) &&
      options.agents.includes(principal.agent);
    const next = {
      ...look,
      principal: kept ? principal : defaultPrincipal(t),
      comparing: kept ? look.comparing : null,
    };
    return { ...arrive(t, look.index, { ...next, focusedItem: null }), landing };
  };

  const safeChecks = (text: string, rules: Rules, own: Screen['checks']): Screen['safeChecks'] => {
    if (RULES.every((rule) => rules[rule])) return own;
    if (safe?.text === text) return safe.checks;
    const all = guardedReplay(text, ALL_RULES, replay);
    // The text replayed under the learner's rules, so with every rule on it does too; if not, its own checks.
    return all.kind === 'ok' ? runChecks(all.timeline) : own;
  };

  const move = (index: number): SentViews => views((look = arrive(held(), index, look)));

  return {
    run(request) {
      const rules = withRulesOff(...request.rulesOff);
      const outcome = guardedReplay(request.text, rules, replay);
      if (outcome.kind === 'invalid') return { kind: 'invalid', problems: outcome.problems };
      const t = outcome.timeline;
      const checks = timelineChecks(t, request.text);
      const options = principalOptions(t);
      const words = entryWords(t);
      const screen: Screen = {
        ranText: request.text,
        entries: t.entries.length,
        words,
        rejectedSteps: words.flatMap((w) => (w.rejected ? [w.index] : [])),
        options,
        namedUsers: namedUsers(options),
        ...checks,
        safeChecks: safeChecks(request.text, rules, checks.checks),
        ownTasks: ownTasksOf('store', request.text),
      };
      safe = { text: request.text, checks: screen.safeChecks };
      const next = placed(t, request, options);
      timeline = t;
      ranText = request.text;
      ranOff = request.rulesOff;
      look = next;
      return { kind: 'ok', run: ++runs, screen, views: views(look) };
    },
    act(act) {
      const t = held();
      switch (act.kind) {
        case 'step':
          return move(act.index);
        case 'move':
          return move(look.index + act.by);
        case 'last':
          return move(t.entries.length - 1);
        case 'landOnLeak': {
          const opening = firstLeak(t.entries);
          if (opening === null) return views(look);
          look = { ...arrive(t, opening.index, { ...look, principal: null, customQuestion: null }), landing: opening };
          return views(look);
        }
        case 'principal': {
          const base = look.principal ?? defaultPrincipal(t) ?? { user: '', task: '', agent: '' };
          const principal = changePrincipal(principalIndexOf(t), look.index, base, act.change);
          return views((look = { ...look, principal }));
        }
        case 'explainItem':
          return views((look = { ...look, principal: act.principal, focusedItem: act.seq }));
        case 'question': {
          const trimmed = act.question?.trim() ?? '';
          return views((look = { ...look, customQuestion: trimmed === '' ? null : trimmed }));
        }
        case 'compare': {
          const base = look.comparing ?? defaultComparison(t, look.principal) ?? look.principal;
          if (base === null) return views(look);
          return views((look = { ...look, comparing: { ...base, ...act.change } as Principal }));
        }
        case 'stopComparing':
          return views((look = { ...look, comparing: null }));
        case 'showStore':
          return views((look = { ...look, storeShown: act.shown }));
      }
    },
    rows,
    coverage: () => coverageOf(ranText),
    timeline: held,
    // The grader loads with the first answer to grade (the model panel's), not with the page.
    gradeAnswer: (principal, answer) =>
      import('./grading').then(({ gradeByScenario }) => gradeByScenario(ranText, principal, answer)),
    judge(text, kind = 'store') {
      // Another kind's engine loads only when a lesson of that kind is first judged (not with the page).
      if (kind !== 'store') return import('./kitSession').then(({ judgeKit }) => judgeKit(kind, text));
      const outcome = guardedReplay(text, ALL_RULES, replay);
      return outcome.kind === 'ok'
        ? { kind: 'ok', checks: runChecks(outcome.timeline) }
        : { kind: 'invalid', problems: outcome.problems.length };
    },
    verify(request) {
      if (judge === undefined) throw new Error('this engine judges no tasks');
      lessonText = request.lessonText ?? lessonText;
      if (lessonText === null) throw new Error('the engine was sent no lesson text');
      const { text } = request;
      // A text named by its run is the last good run's: any other is gone, and saying so is a bug's.
      if (typeof text !== 'string' && (text.run !== runs || timeline === null))
        throw new Error(`the engine no longer holds run ${text.run}`);
      const learner = typeof text === 'string' ? text : ranText;
      const ran = timeline === null ? null : { text: ranText, rulesOff: ranOff, timeline };
      return judge({ ...request, text: learner, lessonText }, ran);
    },
  };
}
