/**
 * A labelled one-line text field, the label above the input (the `.field` layout). For the address of
 * a server on this computer, `url` turns off spelling and asks a phone for its address keyboard.
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  url = false,
  describedBy,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  url?: boolean;
  describedBy?: string;
}) {
  return (
    <label className="field" htmlFor={id}>
      <span className="field-label">{label}</span>
      <input
        id={id}
        type="text"
        inputMode={url ? 'url' : undefined}
        spellCheck={false}
        value={value}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
