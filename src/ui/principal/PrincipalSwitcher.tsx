/** Choose who asks (user, task, agent) and what; a query step has already chosen its own. */
import { useShallow } from 'zustand/react/shallow';
import { Panel } from '../common/Panel';
import { usePlayground } from '../common/playground';
import { Choice } from '../common/Choice';
import { AskForm } from '../common/AskForm';
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
        <AskForm
          label="Question"
          value={question}
          custom={custom}
          resetLabel="Use the step’s question"
          ask={askQuestion}
        />
      </div>
      <p className={`principal-note${fromStep ? ' from-step' : ''}`}>{note}</p>
    </Panel>
  );
}
