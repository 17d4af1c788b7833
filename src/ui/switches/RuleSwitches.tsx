/**
 * Break a rule, watch the leak: the core's eleven rules as switches, each named after the rule it
 * enforces (on = enforced, as in the seed's store; off = broken), with what goes wrong without it,
 * the incident it reproduces and where it lives. A switch changes the rules the whole timeline is
 * replayed with, so the requests, the explainer, the cache and the checks all follow.
 */
import { useShallow } from 'zustand/react/shallow';
import { Panel } from '../common/Panel';
import { useCoverage, usePlayground } from '../common/playground';
import { RULE_INFO, RULE_STATE, RULES, type Rule } from '../../core/store/rules';
import { RULE_DETAILS } from '../../core/store/ruleDetails';
import { RULES_TAB } from './words';
import { INVARIANTS } from '../../core/checks/checks';
import { LESSONS } from '../../core/lessons/catalogue';
import { LessonButton } from './LessonButton';
import './switches.css';

/** A check's human title, as the checks list shows it ("Step 6 query: excludes"), never its internal id. */
function useCheckTitle(): (id: string) => string {
  const checks = usePlayground((s) => s.checks);
  return (id) => checks.find((check) => check.id === id)?.title ?? INVARIANTS.find((inv) => inv.id === id)?.title ?? id;
}

function Coverage({ rule, protects }: { rule: Rule; protects: readonly string[] | null }) {
  const checkTitle = useCheckTitle();
  if (protects === null) return null;
  if (protects.length > 0) {
    return <p className="switch-covers">In this scenario it keeps green: {protects.map(checkTitle).join('; ')}.</p>;
  }
  const lesson = LESSONS.find((l) => l.engine === 'store' && l.reproduce.includes(rule) && l.file !== 'scenario.json');
  return (
    <p className="switch-covers none">
      Not tested by this scenario: switched off, it turns nothing red here.
      {lesson && (
        <>
          {' '}
          <LessonButton lesson={lesson} />
        </>
      )}
    </p>
  );
}

export function RuleSwitches() {
  const coverage = useCoverage();
  const { rulesOff, toggleRule, setRulesOff } = usePlayground(
    useShallow((s) => ({
      rulesOff: s.rulesOff,
      toggleRule: s.toggleRule,
      setRulesOff: s.setRulesOff,
    })),
  );
  return (
    <Panel
      title={RULES_TAB}
      id="rules"
      tour="rules"
      className="switches-panel"
      intro="Each switch is one rule of the store, named for what it enforces: on, as in the seed's store, the rule holds. Switch one off to break it, and watch the requests, the explainer, the cache and the checks change."
      actions={
        <button type="button" onClick={() => setRulesOff([])} disabled={rulesOff.length === 0}>
          Restore all rules
        </button>
      }
    >
      <ol className="switches">
        {RULES.map((rule) => {
          const info = { ...RULE_INFO[rule], ...RULE_DETAILS[rule] };
          const off = rulesOff.includes(rule);
          const id = `switch-${rule}`;
          return (
            <li key={rule} className={`switch${off ? ' switch-off' : ''}`}>
              <div className="switch-head">
                <input
                  type="checkbox"
                  id={id}
                  checked={!off}
                  onChange={() => toggleRule(rule)}
                  aria-describedby={`${id}-effect`}
                />
                <label htmlFor={id}>{info.name}</label>
                <span className={`switch-state${off ? ' broken' : ''}`}>
                  {off && <span aria-hidden="true">⚠ </span>}
                  {off ? RULE_STATE.off : RULE_STATE.on}
                </span>
              </div>
              <p className="switch-effect" id={`${id}-effect`}>
                {info.effect}
              </p>
              <p className="switch-incident">
                <span className="switch-label">Incident:</span> {info.incident}
              </p>
              <p className="switch-where">
                <span className="switch-label">Lives in:</span> <code>{info.where}</code>
              </p>
              <Coverage rule={rule} protects={coverage?.[rule] ?? null} />
            </li>
          );
        })}
      </ol>
    </Panel>
  );
}
