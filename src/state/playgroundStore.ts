/**
 * The playground's one store: the scenario text, and what is on screen of the last good run. Every
 * derivation happens in the engine (src/engine: a Web Worker in the page, in-process in tests): the
 * store sends a text once per run, and what the learner looks at as intents, and keeps the view models
 * that come back. Built by a factory with storage and the engine injected, so tests drive it headless.
 */
import { createStore } from 'zustand/vanilla';
import { RULES, type Rule } from '../core/store/rules';
import { type AnswerBook, type AnswerFilter, filterAnswers, NO_FILTER } from '../core/grading/answerRows';
import { type Act, type Acted, type StoreEngine, type Look, type RunReply, type Screen } from '../engine/protocol';
import type { Engines } from '../engine/engines';
import { type FetchRows, liveViews, sentWhole } from '../engine/client/liveRows';
import { EngineRestarted } from '../engine/client/restarted';
import type { TextStorage } from './storage';
import type { PlaygroundState, PlaygroundStore, RunJob } from './playgroundState';
import { jobRunner } from './jobs';
import { ACCESS_START, accessPictureSlice } from './accessPicture';
import { holds } from './holds';

export type { PlaygroundState, PlaygroundStore, Running } from './playgroundState';

export interface PlaygroundDeps {
  /** The scenario a reset returns to; it must be valid. */
  seedText: string;
  storage: TextStorage;
  answers: AnswerBook;
  /** How engines start (a worker's in the page, in-process in tests): the store's, and the seed's first paint. */
  engines: Engines;
  /** This store's engine, when not the one `engines` starts (a test's stand-in). */
  engine?: StoreEngine;
}

/** What the learner is told when the engine crashed and was started again. */
export const RESTARTED_NOTICE =
  'The playground stopped working for a moment and was restarted with your last good scenario. Your text is kept.';

/** The look on screen, for an engine that holds none; the store is drawn while a view holds it (`showStore`). */
const lookOf = (s: PlaygroundState, storeShown: boolean): Look => ({
  index: s.index,
  principal: s.principal,
  customQuestion: s.customQuestion,
  comparing: s.comparing,
  focusedItem: s.focusedItem,
  landing: s.landing,
  storeShown,
});

/**
 * The store, opened on the saved text (or the seed). The seed's screen is derived here at once for the
 * first paint; the saved text, when another, is the engine's first run (`running`, `settled`).
 */
export function createPlaygroundStore(deps: PlaygroundDeps): PlaygroundStore {
  const engine = deps.engine ?? deps.engines.store(deps.answers);
  const loaded = deps.storage.load();
  const startText = loaded.kind === 'text' ? loaded.text : deps.seedText;
  // Rules switched off before a reload stay off; the saved text replays without them.
  const startOff = RULES.filter((rule) => loaded.kind === 'text' && (loaded.rulesOff ?? []).includes(rule));
  // Kept: a first visit's landing on the seed is drawn from it before the first paint (landOnFirstLeak).
  const seedSession = deps.engines.firstPaint(deps.answers);
  const seed = seedSession.run({ text: deps.seedText, rulesOff: startOff, mode: 'run' });
  if (seed.kind !== 'ok') throw new Error(`the seed scenario is invalid: ${seed.problems[0]?.message}`);
  const jobs = jobRunner<'run' | 'look' | 'access'>();
  /** A long list's rows, read from the engine as a list draws them (the seed's are all sent with it). */
  const fetchRows: FetchRows = (list, version, from, to) => engine.rows(list, version, from, to);

  const store = createStore<PlaygroundState>()((set, get, api) => {
    const save = (text: string) => {
      const notice = deps.storage.save(text, get().rulesOff);
      if (notice !== null) set({ notice });
    };
    // Coverage is of the text with every other rule on: a rule switch (the same text) keeps it.
    const screen = (s: Screen) => ({
      ...s,
      coverage: s.ranText === get().ranText ? get().coverage : undefined,
      timeline: null,
      problems: [],
    });
    /** The Run or import under way, which a rule switch sends again; null once answered. */
    let underWay: RunJob | null = null;

    /**
     * Send a job's text to the engine; its `done` hears the reply, or null when a later job superseded
     * it. A job sent again (under new rules) is not superseded by itself: its latest answer is heard.
     */
    const replay = (job: RunJob) => {
      const { text, mode, running, done } = job;
      const ids = jobs.begin('run', 'look');
      const superseded = () => !jobs.current('run', ids) && underWay !== job;
      if (running !== null) set({ running });
      jobs.when(
        () => engine.run({ text, rulesOff: get().rulesOff, mode }),
        (reply) => {
          if (!jobs.current('run', ids)) return superseded() ? done?.(null) : undefined;
          underWay = null;
          const views = reply.kind === 'ok' && jobs.current('look', ids) ? liveViews(reply.views, fetchRows) : {};
          if (reply.kind === 'ok') set({ ...screen(reply.screen), ...views, running: null });
          else set({ problems: reply.problems, running: null });
          done?.(reply);
        },
        (error) => {
          // The engine restarted (its listener replays) or a bug; the text stays in the editor either way.
          if (!(error instanceof EngineRestarted)) console.error('The engine could not run the scenario', error);
          if (jobs.current('run', ids)) set({ running: null });
          if (jobs.current('run', ids) || superseded()) done?.(null);
        },
      );
    };
    // The access picture asks the engine again when what it shows changed, and comes with a move's views.
    const access = accessPictureSlice(engine, jobs, set, get);
    api.subscribe(access.follow);
    /** Send an intent about the look; the last one's views reach the screen (a move's, with the access picture). */
    const act = (intent: Act, moves = false) => {
      const ids = jobs.begin('look');
      const picture = moves ? access.withMove() : undefined;
      jobs.when(
        () => engine.act(intent, picture?.ask),
        ({ access: drawn, ...views }: Acted) => {
          if (jobs.current('look', ids))
            set({ ...liveViews(views, fetchRows), ...access.moved(picture, views, drawn) });
        },
        (error) => {
          if (!(error instanceof EngineRestarted)) console.error('The engine could not show the step', error);
        },
      );
    };
    // The store's groups are made while its tab is drawn (StoreView), and come with each step's views.
    const storeViews = holds((shown) => act({ kind: 'showStore', shown }));
    const showAnswers = (answerFilter: AnswerFilter) =>
      set({ answerFilter, shownAnswers: filterAnswers(deps.answers.rows, answerFilter) });
    engine.onRestart(() => {
      set({ notice: RESTARTED_NOTICE });
      replay({ text: get().ranText, mode: { restore: lookOf(get(), storeViews.held()) }, running: null });
    });

    return {
      text: startText,
      ...seed.screen,
      seedOptions: seed.screen.options,
      ...liveViews(seed.views, fetchRows),
      problems: [],
      coverage: undefined,
      timeline: null,
      running: null,
      notice: loaded.kind === 'unavailable' ? loaded.notice : null,
      discarded: null,
      answerFilter: NO_FILTER,
      answers: deps.answers,
      shownAnswers: deps.answers.rows,
      rulesOff: startOff,
      access: ACCESS_START,
      ...access.actions,

      loadScenario(text) {
        get().editText(text);
        get().run();
      },
      editText(text) {
        if (text === get().text) return;
        set({ text, discarded: null });
        save(text);
      },
      saveText() {
        const { text } = get();
        if (text !== deps.seedText || deps.storage.load().kind === 'text') save(text);
      },
      run() {
        underWay = { text: get().text, mode: 'run', running: 'run' };
        replay(underWay);
      },
      settled: () => jobs.settled(),
      importScenario(text) {
        return new Promise((resolve) => {
          const done = (reply: RunReply | null) => {
            if (reply?.kind !== 'ok') return resolve(reply === null ? null : reply.problems);
            // The text and its save in a task after the timeline's: for a 3.3 MB file, the reply's
            // render and the save (its JSON and the storage write) were one 130 ms task (bench:paste).
            setTimeout(() => {
              get().editText(text);
              resolve([]);
            });
          };
          underWay = { text, mode: 'run', running: 'import', done };
          replay(underWay);
        });
      },
      reset() {
        const { rulesOff, text: edited } = get();
        // The text goes back to the seed; the switched-off rules stay off, and stay saved.
        const notice = rulesOff.length === 0 ? deps.storage.clear() : deps.storage.save(deps.seedText, rulesOff);
        set({
          text: deps.seedText,
          discarded: edited === deps.seedText ? null : edited,
          ...(notice === null ? {} : { notice }),
        });
        underWay = null;
        replay({ text: deps.seedText, mode: 'reset', running: null });
      },
      undoReset() {
        const { discarded } = get();
        if (discarded !== null) get().loadScenario(discarded);
      },
      stepTo: (index) => act({ kind: 'step', index }, true),
      showStore: storeViews.hold,
      landOnFirstLeak() {
        const { ranText, rulesOff } = get();
        const landed =
          ranText === deps.seedText && rulesOff.join() === startOff.join()
            ? seedSession.act({ kind: 'landOnLeak' })
            : null;
        if (landed === null || !sentWhole(landed) || storeViews.held()) return act({ kind: 'landOnLeak' });
        // On the seed as it opened, the page lands at once, before its first paint, from the in-page seed
        // session; the engine only follows, and its equal views are not drawn again.
        set(liveViews(landed, fetchRows));
        const ids = jobs.begin('look');
        jobs.when(
          () => engine.act({ kind: 'landOnLeak' }),
          () => undefined,
          (error) => {
            if (jobs.current('look', ids) && !(error instanceof EngineRestarted))
              console.error('The engine could not show the step', error);
          },
        );
      },
      next: () => act({ kind: 'move', by: 1 }, true),
      previous: () => act({ kind: 'move', by: -1 }, true),
      first: () => act({ kind: 'step', index: 0 }, true),
      last: () => act({ kind: 'last' }, true),
      selectPrincipal: (change) => act({ kind: 'principal', change }, true),
      explainItemFor: (principal, seq) => act({ kind: 'explainItem', principal, seq }, true),
      askQuestion: (question) => act({ kind: 'question', question }),
      compareWith: (change = {}) => act({ kind: 'compare', change }),
      stopComparing: () => act({ kind: 'stopComparing' }),
      filterAnswers: (change) => showAnswers({ ...get().answerFilter, ...change }),
      showAnswersFor: (principal) => showAnswers({ ...NO_FILTER, principal }),
      needCoverage() {
        if (get().coverage !== undefined) return;
        const { ranText } = get();
        set({ coverage: null });
        jobs.when(
          () => engine.coverage(),
          (coverage) => {
            if (get().ranText === ranText) set({ coverage });
          },
        );
      },
      needTimeline() {
        const { ranText, rulesOff } = get();
        jobs.when(
          () => engine.timeline(),
          (timeline) => {
            if (get().ranText === ranText && get().rulesOff === rulesOff) set({ timeline });
          },
        );
      },
      seedResult: () => jobs.track(Promise.resolve(engine.seedResult())),
      gradeAnswer: (principal, answer) => jobs.track(Promise.resolve(engine.gradeAnswer(principal, answer))),
      verifyTasks(request) {
        const answer = engine.verify(request);
        return answer instanceof Promise ? jobs.track(answer) : answer;
      },
      dismissNotice() {
        set({ notice: null });
      },
      toggleRule(rule) {
        const off = get().rulesOff;
        get().setRulesOff(off.includes(rule) ? off.filter((r) => r !== rule) : [...off, rule]);
      },
      setRulesOff(rules: readonly Rule[]) {
        const rulesOff = RULES.filter((rule) => rules.includes(rule));
        // The switched-off rules are saved with the text.
        set({ rulesOff });
        save(get().text);
        // A Run or import under way is sent again under the new rules: it is what the person will see.
        if (underWay !== null) return replay(underWay);
        // The last good text replays under the new rules; an unrun edit stays in the editor.
        replay({ text: get().ranText, mode: 'rules', running: 'rules' });
      },
    };
  });
  // The engine starts from the seed, with the look on screen; a saved text of its own is its first run.
  const first = store.getState();
  jobs.when(
    () => engine.run({ text: deps.seedText, rulesOff: startOff, mode: { restore: lookOf(first, false) } }),
    () => undefined,
  );
  if (startText !== deps.seedText) first.run();
  return store;
}
