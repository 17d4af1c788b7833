import { describe, expect, it } from 'vitest';
import { ALL_RULES, RULE_INFO, RULES, ruleName, ruleNames, withRulesOff } from './rules';

describe('the rule switches', () => {
  it('start with every rule on, and cannot be switched in place', () => {
    expect(Object.keys(ALL_RULES)).toEqual([...RULES]);
    expect(Object.values(ALL_RULES).every((on) => on === true)).toBe(true);
    expect(Object.isFrozen(ALL_RULES)).toBe(true);
  });

  it('switch off exactly the rules named, and leave the others on', () => {
    const off = withRulesOff('taskCheck', 'escaping');
    expect(Object.keys(off)).toEqual([...RULES]);
    expect(RULES.filter((rule) => !off[rule])).toEqual(['taskCheck', 'escaping']);
    expect(Object.isFrozen(off)).toBe(true);
    expect(withRulesOff()).toEqual(ALL_RULES);
    // The shared table of the seed's store is left as it was.
    expect(ALL_RULES.taskCheck).toBe(true);
  });
});

describe('rule names in sentences', () => {
  it('quote one rule by its name', () => {
    expect(ruleName('taskCheck')).toBe('“A task item stays in its task”');
  });

  it('join two names with "and", and more with commas before the last "and"', () => {
    const [a, b, c] = [RULE_INFO.taskCheck.name, RULE_INFO.agentCheck.name, RULE_INFO.escaping.name];
    expect(ruleNames([])).toBe('');
    expect(ruleNames(['taskCheck'])).toBe(`“${a}”`);
    expect(ruleNames(['taskCheck', 'agentCheck'])).toBe(`“${a}” and “${b}”`);
    expect(ruleNames(['taskCheck', 'agentCheck', 'escaping'])).toBe(`“${a}”, “${b}” and “${c}”`);
  });
});
