/** Choose who asks (user, task, agent) and what; a query step has already chosen its own. */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Panel } from '../common/Panel';
import { usePlayground } from '../common/playground';
import { Choice } from '../common/Choice';
import type { Principal } from '../../core/store/entities';

const PARTS: Array<{ key: keyof Principal; label: string; listKey: 'users' | 'tasks' | 'agents' }> = [
  { key: 'user', label: 'User', listKey: 'users' },
  { key: 'task', label: 'Task', listKey: 'tasks' },
  { key: 'agent', label: 'Agent', listKey: 'agents' },
];

export function PrincipalSwitcher() {
  const { options, principal, question, custom, fromStep, isQuery, selectPrincipal, askQuestion } = usePlayground(
    useShallow((s) => ({
      options: s.options,
      principal: s.principal,
      question: s.view.question,
      custom: s.customQuestion !== null,
      fromStep: s.view.request.kind === 'ok' && s.view.request.fromStep,
      isQuery: s.timeline.entries[s.index]?.step?.op === 'query',
      selectPrincipal: s.selectPrincipal,
      askQuestion: s.askQuestion,
    })),
  );
  const [draft, setDraft] = useState(question);
  const questionId = useId();
  useEffect(() => setDraft(question), [question]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    askQuestion(draft);
  };

  const note = fromStep
    ? 'This is the query step’s own principal and question.'
    : isQuery
      ? 'A what-if: not the principal or question this query step used.'
      : 'A what-if: the request this principal would get if it asked right after this step.';

  return (
    <Panel
      title="Who is asking"
      id="principal"
      tour="principal"
      intro="Pick any user, task and agent the scenario mentions. A query step picks its own."
    >
      <div className="principal-row">
        <div className="principal-selects">
          {PARTS.map(({ key, label, listKey }) => {
            const values = options[listKey];
            const value = principal?.[key] ?? '';
            const all = values.includes(value) || value === '' ? values : [...values, value];
            return (
              <label key={key} className="field">
                <span className="field-label">{label}</span>
                <Choice values={all} value={value} onChoose={(v) => selectPrincipal({ [key]: v })} />
              </label>
            );
          })}
        </div>
        <form className="question-form" onSubmit={submit}>
          <label htmlFor={questionId} className="field-label">
            Question
          </label>
          <div className="question-row">
            <input id={questionId} type="text" value={draft} onChange={(event) => setDraft(event.target.value)} />
            <button type="submit">Ask</button>
            {custom && (
              <button type="button" onClick={() => askQuestion(null)}>
                Use the step’s question
              </button>
            )}
          </div>
        </form>
      </div>
      <p className={`principal-note${fromStep ? ' from-step' : ''}`}>{note}</p>
    </Panel>
  );
}
