/**
 * A choice among a scenario's names: a select for a few, a text box with suggestions (a datalist) for
 * thousands. A select of thousands of options costs the browser tens of milliseconds of layout at
 * every change of its value, which alone would miss a frame when the principal changes.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { OptionList } from './OptionList';
import { VIRTUAL_FROM } from './VirtualList';

interface ChoiceProps {
  values: readonly string[];
  value: string;
  onChoose(value: string): void;
  /** A note shown after each name in a select, or null (a hypothetical choice says why). */
  notes?: readonly (string | null)[] | undefined;
}

export function Choice({ values, value, onChoose, notes }: ChoiceProps) {
  if (values.length <= VIRTUAL_FROM) {
    return (
      <select value={value} onChange={(event) => onChoose(event.target.value)}>
        <OptionList values={values} notes={notes} />
      </select>
    );
  }
  return <NameBox values={values} value={value} onChoose={onChoose} />;
}

/**
 * At most this many suggestions at a time. A datalist of every name was 4,800 <option>s for a scenario of
 * 2,400 users and tasks: making them was most of the page's work after its Run (npm run bench:paste).
 */
export const MAX_SUGGESTIONS = 50;

/** The names to suggest for `draft`: those that start with it, then those that contain it, at most `limit`. */
export function suggestionsFor(values: readonly string[], draft: string, limit = MAX_SUGGESTIONS): string[] {
  const typed = draft.trim().toLowerCase();
  const starting: string[] = [];
  const containing: string[] = [];
  for (const name of values) {
    if (starting.length >= limit) break;
    const at = name.toLowerCase().indexOf(typed);
    if (at === 0) starting.push(name);
    else if (at > 0 && containing.length < limit) containing.push(name);
  }
  return [...starting, ...containing].slice(0, limit);
}

/** Typing picks a name as soon as it is one of the list's; anything else stays a draft, marked invalid. */
function NameBox({ values, value, onChoose }: ChoiceProps) {
  const listId = useId();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  // The browser shows the suggestions that match what is typed; these are the first of them.
  const suggested = useMemo(() => suggestionsFor(values, draft), [values, draft]);
  return (
    <>
      <input
        type="text"
        list={listId}
        value={draft}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={!values.includes(draft)}
        onChange={(event) => {
          setDraft(event.target.value);
          if (values.includes(event.target.value)) onChoose(event.target.value);
        }}
      />
      <datalist id={listId}>
        <OptionList values={suggested} />
      </datalist>
    </>
  );
}
