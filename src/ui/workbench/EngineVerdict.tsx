/** A router or memtool lesson's checks in one line, always in view: the safe side's and the naive side's. */
import type { CheckResult } from '../../core/checks/checks';
import { openPane } from './openPane';

interface EngineVerdictProps {
  safe: readonly CheckResult[];
  naive: readonly CheckResult[];
  safeName: string;
  naiveName: string;
}

const redOf = (checks: readonly CheckResult[]) => checks.filter((check) => !check.ok).length;

export function EngineVerdict({ safe, naive, safeName, naiveName }: EngineVerdictProps) {
  const safeRed = redOf(safe);
  const naiveRed = redOf(naive);
  return (
    <div className="wb-verdict">
      <p className={`checks-verdict ${safeRed > 0 ? 'bad' : 'ok'}`} role="status" aria-label="Checks verdict">
        <span className="verdict-dot" aria-hidden="true" />
        {safeRed === 0
          ? `Every check passes for ${safeName} (${safe.length}).`
          : `${safeRed} of ${safe.length} checks red for ${safeName}.`}{' '}
        {naiveRed > 0
          ? `${naiveName[0]!.toUpperCase()}${naiveName.slice(1)} leaks: ${naiveRed} of ${naive.length} red.`
          : `${naiveName[0]!.toUpperCase()}${naiveName.slice(1)} passes too.`}{' '}
        <button type="button" className="link" onClick={() => openPane('checks')}>
          Show the checks
        </button>
      </p>
    </div>
  );
}
