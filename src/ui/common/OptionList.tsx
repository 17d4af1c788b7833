/** The <option>s of a select, memoised: a big scenario names thousands of users and tasks, and a
 * select that re-renders with the same list should not rebuild them all. */
import { memo } from 'react';

export const OptionList = memo(function OptionList({ values }: { values: readonly string[] }) {
  return (
    <>
      {values.map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
    </>
  );
});
