/**
 * Choose who asks (user, task, agent) and what; a query step has already chosen its own. The choices are
 * the core's (core/timeline/principalChoices.ts): a user's own tasks, the configured agents, a note on
 * any that is not there yet at this step, and a line when the principal is hypothetical; the engine sends
 * them ready to show (engine/worker/choiceLists.ts).
 */
import { useShallow } from 'zustand/react/shallow';
import { Panel } from '../common/Panel';
import { usePlayground } from '../common/playground';
import { Choice } from '../common/Choice';
import { AskForm } from '../common/AskForm';

/** Each part of the principal, with its label; its choices are the engine's list of the same name and an s. */
const PARTS = [
  ['user', 'User'],
  ['task', 'Task'],
  ['agent', 'Agent'],
] as const;

export function PrincipalSwitcher() {
  const { choices, principal, question, custom, fromStep, isQuery, selectPrincipal, askQuestion } = usePlayground(
    useShallow((s) => ({
      choices: s.choices,
      principal: s.principal,
      question: s.view.question,
      custom: s.customQuestion !== null,
      fromStep: s.view.request.kind === 'ok' && s.view.request.fromStep,
      isQuery: s.words.at(s.index)?.op === 'query',
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
      intro="Pick a user, one of that user’s own tasks and a configured agent. A query step picks its own."
    >
      <div className="principal-row">
        <div className="principal-selects">
          {PARTS.map(([key, label]) => (
            <label key={key} className="field">
              <span className="field-label">{label}</span>
              <Choice
                {...choices[`${key}s`]}
                value={principal?.[key] ?? ''}
                onChoose={(v) => selectPrincipal({ [key]: v })}
              />
            </label>
          ))}
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
      {choices.hypothetical !== null && <p className="principal-note principal-hypothetical">{choices.hypothetical}</p>}
    </Panel>
  );
}
