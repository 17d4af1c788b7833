/**
 * The open lesson at the top of every lesson's page: its rule, the incident, what to try, whether its
 * checks are green, the one-click reproduction, the gallery of all lessons, and share, import and export.
 */
import { count } from '../../core/text/plural';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { type StoreApi, useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { CheckResult } from '../../core/checks/checks';
import type { Lesson } from '../../core/lessons/catalogue';
import { ruleNames } from '../../core/store/rules';
import type { PlaygroundStore } from '../../state/playgroundStore';
import { useLessons } from '../common/lessonsContext';
import { LessonMark } from './LessonMark';
import { IncidentLinks } from './IncidentLinks';
import { LazyShareTools } from '../share/LazyShareTools';
import { TasksMark, useDoneCount, useReveal } from '../common/exercisesContext';
import type { LessonSession } from '../../state/lessons/sessions';
import { VerdictLine } from '../common/VerdictLine';
import { sessionFraming } from '../../state/lessons/shareLogic';
import { statusWords } from '../../state/lessons/status';
import { createStore } from 'zustand/vanilla';
import { ownValue } from '../../core/own';
import { checksReplaying } from '../../state/playgroundState';
import { Loading } from '../common/Loading';

/** A store to select from before a session is open (hooks must run on every render). */
const EMPTY = createStore(() => ({}));

const ENGINE: Record<Lesson['engine'], string> = {
  store: 'Scoped store',
  router: 'Memory router (seed 003)',
  memtool: 'Memory tools (seed 004)',
  vector: 'Vector index (pgvector in PGlite)',
};

// The gallery loads when its button is first reached (focus or pointer), so it is there when opened.
const loadGallery = () => import('./Gallery');
const Gallery = lazy(() => loadGallery().then((module) => ({ default: module.Gallery })));

const andList = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

const sameRules = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((rule) => b.includes(rule));

/** A store lesson's rule switches: reproduce the incident in one click, and the checks it turns red. */
/** `tryThis`: false while a task asks for the rule the button would name (core/exercises/reveal.ts). */
function Reproduce({ lesson, store, tryThis }: { lesson: Lesson; store: PlaygroundStore; tryThis: boolean }) {
  // The store's checks of the timeline in view (rules off included): the view only picks the red ones.
  const { replaying, rulesOff, checks, setRulesOff, stepTo } = useStore(
    store,
    useShallow((s) => ({
      replaying: checksReplaying(s),
      rulesOff: s.rulesOff,
      checks: s.checks,
      setRulesOff: s.setRulesOff,
      stepTo: s.stepTo,
    })),
  );
  const red = checks.filter((check) => !check.ok);
  const reproducing = lesson.reproduce.length > 0 && sameRules(rulesOff, lesson.reproduce);
  const first = red[0]?.failures[0];
  return (
    <div className="lesson-reproduce">
      {rulesOff.length > 0 && (
        <VerdictLine tone="warn" status>
          {reproducing ? 'Incident reproduced' : 'Rules switched off'}: {ruleNames(rulesOff)}.{' '}
          {replaying ? (
            'Replaying… the checks follow.'
          ) : red.length === 0 ? (
            'Every check is still green in this scenario.'
          ) : (
            <>
              {count(red.length, 'check')} red now
              {first && (
                <>
                  ; the first at{' '}
                  <button type="button" className="link" onClick={() => stepTo(first.step)}>
                    step {first.step}
                  </button>
                  : {first.reason}
                </>
              )}
              .
            </>
          )}
        </VerdictLine>
      )}
      {lesson.reproduce.length === 0 ? (
        <p className="muted">
          This scenario shows its incident as it is: step to a query and read the naive global list.
        </p>
      ) : !reproducing ? (
        tryThis && (
          <button type="button" className="primary" onClick={() => setRulesOff(lesson.reproduce)}>
            Reproduce the incident: switch off {ruleNames(lesson.reproduce)}
          </button>
        )
      ) : (
        <button type="button" onClick={() => setRulesOff([])}>
          Put the rules back
        </button>
      )}
    </div>
  );
}

/** The naive side of a router or memtool lesson: how many of its checks are red (its leak). */
function NaiveSide({ session }: { session: Exclude<LessonSession, { engine: 'store' }> }) {
  const naive = useStore(session.store as StoreApi<{ checks: { naive: CheckResult[] } }>, (s) => s.checks.naive);
  const red = naive.filter((check) => !check.ok);
  return (
    <VerdictLine tone={red.length > 0 ? 'warn' : 'ok'}>
      {red.length > 0
        ? `The naive side leaks: ${red.length} of ${naive.length} checks red. It breaks ${andList(red.map((check) => `“${check.title}”`))}.`
        : 'The naive side passes every check in this scenario.'}
    </VerdictLine>
  );
}

/** `shareTools`: false where Share, Download and Import sit elsewhere on the page (the workbench's top bar). */
export function LessonBar({ shareTools = true }: { shareTools?: boolean }) {
  const doneCount = useDoneCount();
  const tryThis = useReveal()?.tryThis !== false;
  const { session, galleryOpen, toggleGallery, status, focusTitle, titleFocused } = useLessons(
    useShallow((s) => ({
      session: s.session,
      focusTitle: s.focusTitle,
      titleFocused: s.titleFocused,
      galleryOpen: s.galleryOpen,
      toggleGallery: s.toggleGallery,
      status: ownValue(s.statuses, s.lessonId) ?? { kind: 'unopened' as const },
    })),
  );
  const title = useRef<HTMLHeadingElement>(null);
  // A lesson chosen in the gallery takes focus at its title once its page is on screen.
  useEffect(() => {
    if (session !== null && focusTitle === session.lesson.id && title.current !== null) {
      title.current.focus();
      titleFocused();
    }
  }, [session, focusTitle, titleFocused]);
  // The scenario on screen picks the framing: once it names other users, it is no longer the lesson's.
  const options = useStore((session?.store ?? EMPTY) as StoreApi<{ options?: unknown }>, (s) => s.options);
  // sessionFraming reads the principal options from the session's store; `options` is here to redo it when they change.
  // oxlint-disable-next-line react-hooks/exhaustive-deps
  const framing = useMemo(() => (session === null ? null : sessionFraming(session)), [session, options]);
  if (session === null || framing === null) return null;
  const { lesson } = session;
  const custom = framing.kind === 'custom';
  return (
    <section className="panel lesson-panel" id="lesson" aria-labelledby="lesson-title">
      <div className="lesson-head">
        <div>
          <p className="lesson-kicker">
            {custom ? `Your scenario · started from the lesson “${lesson.title}”` : `Lesson · ${ENGINE[lesson.engine]}`}
          </p>
          <h2 id="lesson-title" ref={title} tabIndex={-1}>
            {custom ? 'Your scenario' : lesson.title}
          </h2>
        </div>
        <button
          type="button"
          aria-expanded={galleryOpen}
          aria-controls="lesson-gallery"
          onClick={() => toggleGallery()}
          onFocus={() => void loadGallery()}
          onPointerEnter={() => void loadGallery()}
        >
          All lessons ({doneCount} done)<span aria-hidden="true">{galleryOpen ? ' ▴' : ' ▾'}</span>
        </button>
      </div>
      {/* The element the button controls exists from the click on, while the gallery's code is still loading. */}
      {galleryOpen && (
        <div id="lesson-gallery">
          <Suspense fallback={<Loading what="the lessons" />}>
            <Gallery />
          </Suspense>
        </div>
      )}
      <dl className="lesson-facts">
        <div>
          <dt>The rule at stake</dt>
          <dd>{lesson.rule}</dd>
        </div>
        {custom ? (
          <div>
            <dt>Your scenario</dt>
            <dd>
              It names {andList(framing.users)}, not the lesson’s users: the lesson’s incident and “Try this” are about
              its own scenario (Reset brings it back).
            </dd>
          </div>
        ) : (
          <>
            <div>
              <dt>The incident</dt>
              <dd>
                {lesson.incident}
                {lesson.links === undefined ? null : <IncidentLinks links={lesson.links} />}
              </dd>
            </div>
            {/* Withheld by visibility, not removed: its place is kept, so the facts do not move when the
                lesson's tasks arrive after first paint and a rule task withholds it. */}
            <div className={tryThis ? undefined : 'withheld-fact'}>
              <dt>Try this</dt>
              <dd>{lesson.tryThis}</dd>
            </div>
          </>
        )}
      </dl>
      <div className="lesson-status">
        <TasksMark lessonId={lesson.id} />
        {custom ? (
          <p className={`lesson-mark mark-${status.kind}`}>
            {status.kind === 'green' && status.total > 0
              ? `Your scenario: all ${status.total} checks green with every rule on.`
              : `Your scenario: ${statusWords(status).toLowerCase()}.`}
          </p>
        ) : (
          <LessonMark
            status={status}
            side={lesson.engine === 'store' ? 'the safe side (every rule on)' : 'the safe side'}
          />
        )}
        {session.engine === 'store' ? (
          <Reproduce lesson={lesson} store={session.store} tryThis={tryThis} />
        ) : session.engine === 'vector' ? null : (
          <NaiveSide session={session} />
        )}
      </div>
      {shareTools && <LazyShareTools session={session} />}
    </section>
  );
}
