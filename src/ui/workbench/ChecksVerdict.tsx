/**
 * The checks in one line, always in view: green, or how many are red and the first failure's step. A
 * rule switched in the dock changes it at once, beside the requests it changes.
 */
import { useShallow } from 'zustand/react/shallow';
import { usePlayground } from '../common/playground';
import { openPane } from '../common/openPane';
import { checksReplaying } from '../../state/playgroundState';

export function ChecksVerdict() {
  const { replaying, total, red, first, stepTo } = usePlayground(
    useShallow((s) => {
      const failing = s.checks.filter((check) => !check.ok);
      return {
        replaying: checksReplaying(s),
        total: s.checks.length,
        red: failing.length,
        first: failing[0]?.failures[0]?.step,
        stepTo: s.stepTo,
      };
    }),
  );
  return (
    <p
      className={`checks-verdict ${replaying ? 'pending' : red > 0 ? 'bad' : 'ok'}`}
      role="status"
      aria-label="Checks verdict"
    >
      <span className="verdict-dot" aria-hidden="true" />
      {replaying ? (
        <>Replaying… the checks follow.</>
      ) : red === 0 ? (
        <>Every check passes ({total}).</>
      ) : (
        <>
          {red} of {total} checks red
          {first !== undefined && (
            <>
              , the first at{' '}
              <button type="button" className="link" onClick={() => stepTo(first)}>
                {first === 0 ? 'configuration' : `step ${first}`}
              </button>
            </>
          )}
          .
        </>
      )}{' '}
      <button type="button" className="link" onClick={() => openPane('checks')}>
        Show the checks
      </button>
    </p>
  );
}
