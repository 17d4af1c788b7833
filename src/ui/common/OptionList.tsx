/** The <option>s of a select, memoised: a big scenario names thousands of users and tasks, and a
 * select that re-renders with the same list should not rebuild them all. */
import { memo } from 'react';

export const OptionList = memo(function OptionList({
  values,
  notes,
}: {
  values: readonly string[];
  /** A note shown after an option's name, e.g. "first at step 10". */
  notes?: ReadonlyMap<string, string> | undefined;
}) {
  return (
    <>
      {values.map((v) => {
        const note = notes?.get(v);
        return (
          <option key={v} value={v}>
            {note === undefined ? v : `${v} (${note})`}
          </option>
        );
      })}
    </>
  );
});
