/** A router, memtool or vector lesson's checks in one line, always in view: the safe side's and the naive side's (if it has one). */
import type { CheckResult } from '../../core/checks/checks';
import { openPane } from '../common/openPane';
import { count, plural } from '../../core/text/plural';

interface KitVerdictProps {
  safe: readonly CheckResult[];
  naive: readonly CheckResult[];
  safeName: string;
  naiveName: string;
  /** The naive side's name is a plural ("the naive tools"): its verbs agree with it. */
  naivePlural?: boolean | undefined;
}

const redOf = (checks: readonly CheckResult[]) => checks.filter((check) => !check.ok).length;

export function KitVerdict({ safe, naive, safeName, naiveName, naivePlural = false }: KitVerdictProps) {
  const safeRed = redOf(safe);
  const naiveRed = redOf(naive);
  const Naive = `${naiveName[0]!.toUpperCase()}${naiveName.slice(1)}`;
  // How many things the naive side's name stands for, for its verbs.
  const things = naivePlural ? 2 : 1;
  return (
    <div className="wb-verdict">
      <p className={`checks-verdict ${safeRed > 0 ? 'bad' : 'ok'}`} role="status" aria-label="Checks verdict">
        <span className="verdict-dot" aria-hidden="true" />
        {safeRed === 0
          ? `Every check passes for ${safeName} (${safe.length}).`
          : `${safeRed} of ${count(safe.length, 'check')} red for ${safeName}.`}{' '}
        {naive.length === 0
          ? ''
          : naiveRed > 0
            ? `${Naive} ${plural(things, 'leaks', 'leak')}: ${naiveRed} of ${naive.length} red. `
            : `${Naive} ${plural(things, 'passes', 'pass')} too. `}
        <button type="button" className="link" onClick={() => openPane('checks')}>
          Show the checks
        </button>
      </p>
    </div>
  );
}
