/** The rule switches' tab, as the dock labels it and as other panes name it ("in the Break a rule tab"). */
export const RULES_TAB = 'Break a rule';
