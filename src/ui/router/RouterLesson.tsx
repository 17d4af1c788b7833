/** The router lesson (seed 003) in the playground's shell: steps, a context to act as, both orderings, banks, checks, editor. */
import { LongText } from '../common/LongText';
import { type ComponentType, type FormEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import {
  BANKS,
  describePolicy,
  describeRouterEntry,
  DEFAULT_POLICY,
  type RouterTimeline,
  routerContexts,
} from '../../core/router/index';
import { Panel, PanelBoundary } from '../common/Panel';
import { ChecksPanel } from '../lessons/ChecksPanel';
import { EngineEditor } from '../lessons/EngineEditor';
import { useStepKeys } from '../lessons/LessonPage';
import { Workbench } from '../workbench/Workbench';
import { StepControls } from '../workbench/StepControls';
import { EngineVerdict } from '../workbench/EngineVerdict';
import { StepList, type StepWords } from '../lessons/StepList';
import type { ScenarioEditorProps } from '../editor/types';
import { BankTag, RecallPanels } from './RecallPanels';
import type { RouterLessonStore } from '../../state/lessons/routerKit';
import '../lessons/lessons.css';

const LABEL = { start: 'start', recall: 'recall', remember: 'remember', rebuild: 'rebuild' } as const;

function stepWords(timeline: RouterTimeline): StepWords[] {
  return timeline.entries.map((entry) => {
    const words = describeRouterEntry(entry);
    return {
      index: entry.index,
      op: `router-${words.op}`,
      label: LABEL[words.op],
      summary: words.summary,
      rejected: words.rejected,
      result: words.result,
    };
  });
}

function CurrentStep({ store }: { store: RouterLessonStore }) {
  const { entry, last } = useStore(
    store,
    useShallow((s) => ({ entry: s.timeline.entries[s.index]!, last: s.timeline.entries.length - 1 })),
  );
  const words = describeRouterEntry(entry);
  return (
    <div className={`current-step${words.rejected ? ' rejected' : ''}`} aria-live="polite" aria-atomic="true">
      <p className="current-position">{entry.index === 0 ? 'The starting state' : `Step ${entry.index} of ${last}`}</p>
      <p className="current-summary">{words.summary}</p>
      <p className="current-result">
        {words.rejected && <span aria-hidden="true">✕ </span>}
        {words.result}
      </p>
      {entry.step?.note !== undefined && <p className="step-note">{entry.step.note}</p>}
    </div>
  );
}

function ActAs({ store }: { store: RouterLessonStore }) {
  const { timeline, actor, view, custom, actAs, ask } = useStore(
    store,
    useShallow((s) => ({
      timeline: s.timeline,
      actor: s.actor,
      view: s.view,
      custom: s.query !== null,
      actAs: s.actAs,
      ask: s.ask,
    })),
  );
  const contexts = useMemo(() => routerContexts(timeline), [timeline]);
  const options = contexts.includes(actor) ? contexts : [...contexts, actor];
  const policyOf = (key: string) => timeline.contexts.find(([k]) => k === key)?.[1];
  const [draft, setDraft] = useState(view.query);
  useEffect(() => setDraft(view.query), [view.query]);
  const contextId = useId();
  const queryId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(draft);
  };
  const policy = policyOf(actor);
  const isRecall = view.entry.step?.op === 'recall';
  return (
    <Panel
      title="Who is asking"
      id="principal"
      intro="The context a request comes from decides which banks it may read. Pick any context; a recall step picks its own."
    >
      <div className="principal-row">
        <div className="field">
          <label htmlFor={contextId} className="field-label">
            Context
          </label>
          <select id={contextId} value={actor} onChange={(event) => actAs(event.target.value)}>
            {options.map((key) => (
              <option key={key} value={key}>
                {key}
                {policyOf(key) ? '' : ' (not recognised)'}
              </option>
            ))}
          </select>
        </div>
        <form className="question-form" onSubmit={submit}>
          <label htmlFor={queryId} className="field-label">
            Query
          </label>
          <div className="question-row">
            <input id={queryId} type="text" value={draft} onChange={(event) => setDraft(event.target.value)} />
            <button type="submit">Ask</button>
            {custom && (
              <button type="button" onClick={() => ask(null)}>
                Use the step’s query
              </button>
            )}
          </div>
        </form>
      </div>
      <p className="principal-note">
        {policy
          ? `${actor} ${describePolicy(policy)}.`
          : `${actor} is not a context the router recognises, so it gets the default policy: it ${describePolicy(DEFAULT_POLICY)}.`}{' '}
        {view.fromStep
          ? 'This is the recall step’s own context and query.'
          : isRecall
            ? 'A what-if: not the context or query this recall step used.'
            : 'A what-if: the recall this context would get right after this step.'}
      </p>
    </Panel>
  );
}

function Banks({ store }: { store: RouterLessonStore }) {
  const banks = useStore(store, (s) => s.timeline.entries[s.index]!.banks);
  return (
    <Panel
      title="Banks after this step"
      id="banks"
      intro="Reviewed, retrieval-eligible memories, each bank rebuilt from its authority. Which one a context may read is its policy’s choice."
    >
      <div className="store-groups">
        {BANKS.map((bank) => (
          <div key={bank} role="group" aria-labelledby={`bank-${bank}`} className={`store-group bank-group-${bank}`}>
            <h3 id={`bank-${bank}`} className="group-title">
              <BankTag bank={bank} /> ({banks[bank].length})
            </h3>
            {banks[bank].length === 0 ? (
              <p className="muted">Empty.</p>
            ) : (
              <ul className="item-list">
                {banks[bank].map((memory) => (
                  <li key={memory.memory_id} className="store-item">
                    <div className="item-head">
                      <code className="item-id">{memory.memory_id}</code>
                      <span className="muted">from {memory.source_id}</span>
                    </div>
                    <LongText className="item-text" text={memory.content} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </div>
    </Panel>
  );
}

export default function RouterLesson({
  store,
  lesson,
  Editor,
}: {
  store: RouterLessonStore;
  lesson: ReactNode;
  Editor?: ComponentType<ScenarioEditorProps>;
}) {
  const s = useStore(
    store,
    useShallow((st) => ({
      timeline: st.timeline,
      index: st.index,
      view: st.view,
      checks: st.checks,
      text: st.text,
      ranText: st.ranText,
      problems: st.problems,
      stepTo: st.stepTo,
      next: st.next,
      previous: st.previous,
      editText: st.editText,
      run: st.run,
      reset: st.reset,
    })),
  );
  const words = useMemo(() => stepWords(s.timeline), [s.timeline]);
  useStepKeys(s.next, s.previous);
  return (
    <Workbench
      slots={{
        timeline: (
          <StepList
            words={words}
            index={s.index}
            stepTo={s.stepTo}
            intro="Every step of the router scenario, in order. Pick one to see both orderings at it."
          />
        ),
        stepControls: <StepControls index={s.index} count={words.length} stepTo={s.stepTo} />,
        centre: (
          <>
            <section aria-label="Current step" className="panel current-panel">
              <PanelBoundary name="Current step">
                <CurrentStep store={store} />
              </PanelBoundary>
            </section>
            <ActAs store={store} />
            <RecallPanels view={s.view} />
          </>
        ),
        verdict: (
          <EngineVerdict
            safe={s.checks.safe}
            naive={s.checks.naive}
            safeName="the router"
            naiveName="the naive ordering"
          />
        ),
        tabs: [
          { id: 'lesson', label: 'Lesson', pane: lesson },
          { id: 'banks', label: 'Banks', pane: <Banks store={store} /> },
          {
            id: 'checks',
            label: 'Checks',
            pane: (
              <ChecksPanel
                safe={s.checks.safe}
                naive={s.checks.naive}
                safeName="the router"
                naiveName="the naive ordering"
                stepTo={s.stepTo}
              />
            ),
          },
        ],
        editor: (
          <EngineEditor
            text={s.text}
            problems={s.problems}
            dirty={s.text !== s.ranText}
            path="router-lesson.json"
            intro="The router scenario as JSON: contexts with their policies, the two banks, and the steps (recall, remember, replace_bank), each with an optional note and expectations. Your edit is kept in this browser."
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
