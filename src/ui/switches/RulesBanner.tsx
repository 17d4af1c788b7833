/** Whenever a rule is off, say so on every screen: this is not the seed's store. */
import { count } from '../../core/text/plural';
import { useShallow } from 'zustand/react/shallow';
import { usePlayground } from '../common/playground';
import { RULE_INFO } from '../../core/store/rules';
import { checksReplaying } from '../../state/playgroundState';
import './switches.css';

export function RulesBanner() {
  const { replaying, rulesOff, setRulesOff, red } = usePlayground(
    useShallow((s) => ({
      replaying: checksReplaying(s),
      rulesOff: s.rulesOff,
      setRulesOff: s.setRulesOff,
      red: s.checks.filter((check) => !check.ok).length,
    })),
  );
  if (rulesOff.length === 0) return null;
  const n = rulesOff.length;
  return (
    <div className="rules-banner" role="region" aria-label="Rules switched off">
      <p>
        <span aria-hidden="true">⚠ </span>
        <strong>{count(n, 'rule')} switched off — this is not the seed’s store.</strong>{' '}
        <span className="rules-banner-list">{rulesOff.map((rule) => RULE_INFO[rule].name).join(' · ')}</span>{' '}
        <a href="#checks">
          {replaying ? 'Replaying…' : red === 0 ? 'No check is red yet' : `${count(red, 'check')} red`}
        </a>
      </p>
      <button type="button" className="primary" onClick={() => setRulesOff([])}>
        Restore all rules
      </button>
    </div>
  );
}
