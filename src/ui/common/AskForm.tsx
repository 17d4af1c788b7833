/**
 * A question to ask in place of the step's own: typed freely, sent on Ask, and put back to the step's.
 * A question longer than MAX_EDITABLE_QUESTION_CHARS (core/limits.ts) is not put in the field: a text
 * field lays out all of its value, and a 1,000,000-character one blocked the page for 0.6 s on every
 * step to it. The field then starts empty and says why; the request shows the question cut short.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { MAX_EDITABLE_QUESTION_CHARS } from '../../core/limits';
import { digits } from '../../core/text/digits';

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
  const long = value.length > MAX_EDITABLE_QUESTION_CHARS;
  const [draft, setDraft] = useState(long ? '' : value);
  useEffect(() => setDraft(long ? '' : value), [value, long]);
  const id = useId();
  const noteId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An empty field over a long question asks nothing: the step's own question stays.
    if (long && draft === '') return;
    ask(draft);
  };
  return (
    <form className="question-form" onSubmit={submit}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="question-row">
        <input
          id={id}
          type="text"
          value={draft}
          aria-describedby={long ? noteId : undefined}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit">Ask</button>
        {custom && (
          <button type="button" onClick={() => ask(null)}>
            {resetLabel}
          </button>
        )}
      </div>
      {long && (
        <p id={noteId} className="muted">
          This {label.toLowerCase()} is {digits(value.length)} characters, more than the{' '}
          {digits(MAX_EDITABLE_QUESTION_CHARS)} this field shows: the request shows it cut short. Type one to ask
          instead.
        </p>
      )}
    </form>
  );
}
