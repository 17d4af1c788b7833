/**
 * The panels below the workbench that show why: the rule switches beside the checks they turn red, then
 * the cache. One lazily loaded chunk, so the page's entry chunk does not carry them.
 */
import { RuleSwitches } from '../switches/RuleSwitches';
import { ChecksPanel } from './ChecksPanel';
import { CachePanel } from '../cache/CachePanel';

export default function RulesChecksCache() {
  return (
    <>
      <div className="rules-bench">
        <RuleSwitches />
        <ChecksPanel />
      </div>
      <CachePanel />
    </>
  );
}
