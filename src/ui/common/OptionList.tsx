/** The <option>s of a select, memoised: a big scenario names thousands of users and tasks, and a
 * select that re-renders with the same list should not rebuild them all. */
import { memo } from 'react';

export const OptionList = memo(function OptionList({
  values,
  notes,
}: {
  values: readonly string[];
  /** A note shown after each option's name, e.g. "first at step 10", or null for none. */
  notes?: readonly (string | null)[] | undefined;
}) {
  return (
    <>
      {values.map((v, i) => {
        const note = notes?.[i];
        return (
          <option key={v} value={v}>
            {note == null ? v : `${v} (${note})`}
          </option>
        );
      })}
    </>
  );
});
