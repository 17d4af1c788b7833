/**
 * The one layout of a lesson that runs a kit session (the router, the memory tools, the vector index): steps, the current
 * step, the lesson's own panels, the verdict, the lesson's tabs around the checks, and the editor.
 */
import type { ComponentType, ReactNode } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { PanelBoundary } from '../common/Panel';
import { Notice } from '../common/Notice';
import { ChecksPanel } from './ChecksPanel';
import { KitEditor } from './KitEditor';
import { useStepKeys } from './LessonPage';
import { StepList } from './StepList';
import { Workbench } from '../workbench/Workbench';
import { StepControls } from '../common/StepControls';
import { stepPosition } from '../../core/timeline/stepNumbers';
import { KitVerdict } from '../workbench/KitVerdict';
import type { WorkbenchTab } from '../workbench/types';
import type { ScenarioEditorProps } from '../editor/types';
import type { KitLessonStore } from '../../state/lessons/kitStore';
import type { KitKind } from '../../engine/kitProtocol';
import './lessons.css';

/** What one kit lesson (router, memtool, vector) says in the shared layout. */
export interface KitLessonWords {
  /** The safe engine and the naive one, as the verdict and the checks name them. */
  safeName: string;
  naiveName: string;
  /** The naive side's name is a plural ("the naive tools"), so its verbs agree. */
  naivePlural?: boolean;
  /** What one step is called in "Step 3 of 9". */
  stepNoun: string;
  timelineIntro: string;
  /** Monaco's model path: it picks the JSON schema for completion and hovers. */
  editorPath: string;
  editorIntro: string;
}

/** What the lessons shell hands a kit lesson: its store, the lesson bar's pane, and the editor to use. */
export interface KitLessonProps<S> {
  store: S;
  /** The lesson bar's pane, the first tab. */
  lesson: ReactNode;
  Editor?: ComponentType<ScenarioEditorProps> | undefined;
}

interface KitLessonPageProps<K extends KitKind> extends KitLessonProps<KitLessonStore<K>> {
  words: KitLessonWords;
  /** The lesson's own panels under the current step: who is asking, then the answers. */
  centre: ReactNode;
  /** The lesson's own tabs, between the lesson and the checks. */
  tabs: readonly WorkbenchTab[];
  /** What stands in the centre until the first run answers. */
  opening?: ReactNode;
}

function CurrentStep<K extends KitKind>({ store, stepNoun }: { store: KitLessonStore<K>; stepNoun: string }) {
  const { step, last } = useStore(
    store,
    useShallow((s) => ({ step: s.steps[s.index], last: s.steps.length - 1 })),
  );
  if (step === undefined) return null;
  return (
    <div className={`current-step${step.rejected ? ' rejected' : ''}`} aria-live="polite" aria-atomic="true">
      <p className="current-position">
        {step.index === 0 && last > 0 ? 'The starting state' : stepPosition(step.index, last, stepNoun)}
      </p>
      <p className="current-summary">{step.summary}</p>
      <p className="current-result">
        {step.rejected && <span aria-hidden="true">✕ </span>}
        {step.result}
      </p>
      {step.note !== undefined && <p className="step-note">{step.note}</p>}
    </div>
  );
}

export function KitLessonPage<K extends KitKind>({
  store,
  words,
  centre,
  lesson,
  tabs,
  Editor,
  opening = null,
}: KitLessonPageProps<K>) {
  const s = useStore(
    store,
    useShallow((st) => ({
      steps: st.steps,
      index: st.index,
      checks: st.checks,
      text: st.text,
      ranText: st.ranText,
      problems: st.problems,
      opened: st.view !== null,
      notice: st.notice,
      dismissNotice: st.dismissNotice,
      stepTo: st.stepTo,
      next: st.next,
      previous: st.previous,
      editText: st.editText,
      run: st.run,
      reset: st.reset,
    })),
  );
  useStepKeys(s.next, s.previous);
  const names = { safeName: words.safeName, naiveName: words.naiveName };
  const naivePlural = words.naivePlural;
  return (
    <Workbench
      slots={{
        timeline: (
          <StepList
            words={s.steps}
            index={s.index}
            stepTo={s.stepTo}
            intro={words.timelineIntro}
            noun={words.stepNoun}
          />
        ),
        stepControls: <StepControls index={s.index} count={s.steps.length} stepTo={s.stepTo} noun={words.stepNoun} />,
        centre: (
          <>
            {s.notice !== null && <Notice text={s.notice} onDismiss={s.dismissNotice} />}
            <section aria-label="Current step" className="panel current-panel">
              <PanelBoundary name="Current step">
                <CurrentStep store={store} stepNoun={words.stepNoun} />
              </PanelBoundary>
            </section>
            {/* A session opens once its first run has answered (sessions.ts), but for the vector lesson's, whose
                first run waits on the database: until then it says so. */}
            {s.opened ? centre : opening}
          </>
        ),
        verdict: <KitVerdict safe={s.checks.safe} naive={s.checks.naive} {...names} naivePlural={naivePlural} />,
        tabs: [
          { id: 'lesson', label: 'Lesson', pane: lesson },
          ...tabs,
          {
            id: 'checks',
            label: 'Checks',
            pane: <ChecksPanel safe={s.checks.safe} naive={s.checks.naive} {...names} stepTo={s.stepTo} />,
          },
        ],
        editor: (
          <KitEditor
            text={s.text}
            problems={s.problems}
            dirty={s.text !== s.ranText}
            path={words.editorPath}
            intro={words.editorIntro}
            editText={s.editText}
            run={s.run}
            reset={s.reset}
            Editor={Editor}
          />
        ),
      }}
    />
  );
}

/** What a kit lesson puts in the shared layout, from its store: its centre panels and its own tabs. */
export interface KitLessonParts<K extends KitKind> {
  words: KitLessonWords;
  centre(store: KitLessonStore<K>): ReactNode;
  tabs(store: KitLessonStore<K>): readonly WorkbenchTab[];
  opening?: ReactNode;
}

/** A kit lesson's view (the router's, the memory tools', the vector index's): the shared layout with its parts. */
export function kitLesson<K extends KitKind>(parts: KitLessonParts<K>) {
  return function KitLesson(props: KitLessonProps<KitLessonStore<K>>) {
    return (
      <KitLessonPage
        {...props}
        words={parts.words}
        centre={parts.centre(props.store)}
        tabs={parts.tabs(props.store)}
        opening={parts.opening}
      />
    );
  };
}
