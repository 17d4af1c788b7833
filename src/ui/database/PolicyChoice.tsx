/** With a read rule switched off in the store, offer PostgreSQL's matching broken policy. */
import { useId } from 'react';
import { ruleNames, type Rule } from '../../core/store/rules';
import type { ReadRules } from '../../core/sql';

/** The rules the read policy mirrors, and what its broken version leaves out. */
export const POLICY_RULES: ReadonlyArray<keyof ReadRules> = [
  'taskCheck',
  'agentCheck',
  'declaredReads',
  'exactKeys',
  'ownerlessHidden',
];
const DROPS: Record<keyof ReadRules, string> = {
  taskCheck: 'drops the task comparison (task_id)',
  agentCheck: 'drops the agent comparison (agent_id)',
  declaredReads: 'lets a known agent read every scope, not only its declared reads',
  exactKeys: 'matches user_id, task_id and agent_id as prefixes (starts_with), so acme reads acme-corp',
  ownerlessHidden: 'matches user_id = the user or user_id is null, so a row with no owner reaches every user',
};

interface Props {
  off: readonly Rule[];
  broken: boolean;
  onChange(broken: boolean): void;
}

export function PolicyChoice({ off, broken, onChange }: Props) {
  const name = useId();
  const readOff = POLICY_RULES.filter((rule) => off.includes(rule));
  const otherOff = off.filter((rule) => !(POLICY_RULES as readonly Rule[]).includes(rule));
  if (off.length === 0) return null;
  return (
    <div className="db-rules">
      {readOff.length > 0 && (
        <fieldset>
          <legend>The store runs with {ruleNames(readOff)} switched off. Which policy should PostgreSQL use?</legend>
          <label>
            <input type="radio" name={name} checked={!broken} onChange={() => onChange(false)} /> The correct policy:
            the checks show where the broken store and PostgreSQL part ways.
          </label>
          <label>
            <input type="radio" name={name} checked={broken} onChange={() => onChange(true)} /> The matching broken
            policy, which {readOff.map((rule) => DROPS[rule]).join(' and ')}.
          </label>
        </fieldset>
      )}
      {otherOff.length > 0 && (
        <p className="hint">
          {ruleNames(otherOff)} {otherOff.length === 1 ? 'has' : 'have'} no broken policy to match:{' '}
          {otherOff.length === 1 ? 'it changes' : 'they change'} what the store holds or how a request is built, not
          which rows a principal may read. The rows loaded here already carry that effect, so the correct policy should
          still agree; the checks say whether it does.
        </p>
      )}
    </div>
  );
}
