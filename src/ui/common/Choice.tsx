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
}

export function Choice({ values, value, onChoose }: ChoiceProps) {
  if (values.length <= VIRTUAL_FROM) {
    return (
      <select value={value} onChange={(event) => onChoose(event.target.value)}>
        <OptionList values={values} />
      </select>
    );
  }
  return <NameBox values={values} value={value} onChoose={onChoose} />;
}

/** Typing picks a name as soon as it is one of the list's; anything else stays a draft, marked invalid. */
function NameBox({ values, value, onChoose }: ChoiceProps) {
  const listId = useId();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const known = useMemo(() => new Set(values), [values]);
  return (
    <>
      <input
        type="text"
        list={listId}
        value={draft}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={!known.has(draft)}
        onChange={(event) => {
          setDraft(event.target.value);
          if (known.has(event.target.value)) onChoose(event.target.value);
        }}
      />
      <datalist id={listId}>
        <OptionList values={values} />
      </datalist>
    </>
  );
}
