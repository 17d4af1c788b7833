/** The router lesson (seed 003) in the playground's shell: steps, a context to act as, both orderings, banks, checks, editor. */
import { LongText } from '../common/LongText';
import { useId } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { Panel } from '../common/Panel';
import { AskForm } from '../common/AskForm';
import { kitLesson, type KitLessonWords } from '../lessons/KitLessonPage';
import { BankTag, RecallPanels } from './RecallPanels';
import type { KitLessonStore } from '../../state/lessons/kitStore';

type RouterLessonStore = KitLessonStore<'router'>;

function ActAs({ store }: { store: RouterLessonStore }) {
  const { view, custom, actAs, ask } = useStore(
    store,
    useShallow((s) => ({
      view: s.view,
      custom: s.query !== null,
      actAs: s.actAs,
      ask: s.askQuestion,
    })),
  );
  const contextId = useId();
  if (view === null) return null;
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
          <select id={contextId} value={view.context} onChange={(event) => actAs(event.target.value)}>
            {view.choices.map(({ context, known }) => (
              <option key={context} value={context}>
                {context}
                {known ? '' : ' (not recognised)'}
              </option>
            ))}
          </select>
        </div>
        <AskForm label="Query" value={view.query} custom={custom} resetLabel="Use the step’s query" ask={ask} />
      </div>
      <p className="principal-note">
        {view.policyWords}{' '}
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
  const banks = useStore(store, (s) => s.view?.banks);
  if (banks === undefined) return null;
  return (
    <Panel
      title="Banks after this step"
      id="banks"
      intro="Reviewed, retrieval-eligible memories, each bank rebuilt from its authority. Which one a context may read is its policy’s choice."
    >
      <div className="store-groups">
        {banks.map(([bank, memories]) => (
          <div key={bank} role="group" aria-labelledby={`bank-${bank}`} className={`store-group bank-group-${bank}`}>
            <h3 id={`bank-${bank}`} className="group-title">
              <BankTag bank={bank} /> ({memories.length})
            </h3>
            {memories.length === 0 ? (
              <p className="muted">Empty.</p>
            ) : (
              <ul className="item-list">
                {memories.map((memory) => (
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

const WORDS: KitLessonWords = {
  safeName: 'the router',
  naiveName: 'the naive ordering',
  stepNoun: 'Step',
  timelineIntro: 'Every step of the router scenario, in order. Pick one to see both orderings at it.',
  editorPath: 'router-lesson.json',
  editorIntro:
    'The router scenario as JSON: contexts with their policies, the two banks, and the steps (recall, remember, replace_bank), each with an optional note and expectations. Your edit is kept in this browser.',
};

function Recall({ store }: { store: RouterLessonStore }) {
  const view = useStore(store, (s) => s.view);
  return view === null ? null : <RecallPanels view={view} />;
}

export default kitLesson<'router'>({
  words: WORDS,
  centre: (store) => (
    <>
      <ActAs store={store} />
      <Recall store={store} />
    </>
  ),
  tabs: (store) => [{ id: 'banks', label: 'Banks', pane: <Banks store={store} /> }],
});
