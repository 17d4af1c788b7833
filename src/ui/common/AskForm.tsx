/** A question to ask in place of the step's own: typed freely, sent on Ask, and put back to the step's. */
import { type FormEvent, useEffect, useId, useState } from 'react';

interface AskFormProps {
  /** The field's name: "Question" on the playground, "Query" in the router lesson. */
  label: string;
  /** The question in view; the draft follows it when the step or the store changes it. */
  value: string;
  /** True while the learner's own question replaces the step's: offers the way back. */
  custom: boolean;
  /** The way back's words. */
  resetLabel: string;
  /** Ask `question`; null goes back to the step's own. */
  ask(question: string | null): void;
}

export function AskForm({ label, value, custom, resetLabel, ask }: AskFormProps) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(draft);
  };
  return (
    <form className="question-form" onSubmit={submit}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="question-row">
        <input id={id} type="text" value={draft} onChange={(event) => setDraft(event.target.value)} />
        <button type="submit">Ask</button>
        {custom && (
          <button type="button" onClick={() => ask(null)}>
            {resetLabel}
          </button>
        )}
      </div>
    </form>
  );
}
