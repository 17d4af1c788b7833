// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RuleSwitches } from './RuleSwitches';
import { RulesBanner } from './RulesBanner';
import { renderWithStore } from '../testing';
import { RULE_INFO, RULES } from '../../core/store/rules';

describe('RuleSwitches', () => {
  it('offers one labelled switch per rule, each with its effect and incident, all off at first', () => {
    renderWithStore(<RuleSwitches />);
    for (const rule of RULES) {
      const box = screen.getByRole('checkbox', { name: RULE_INFO[rule].title });
      expect(box).not.toBeChecked();
      expect(box).toHaveAccessibleDescription(RULE_INFO[rule].effect);
      expect(box.closest('li')).toHaveTextContent(RULE_INFO[rule].incident);
    }
  });

  it('says which checks a rule keeps green here, or that this scenario never tests it', () => {
    renderWithStore(<RuleSwitches />);
    const item = (rule: keyof typeof RULE_INFO) =>
      screen.getByRole('checkbox', { name: RULE_INFO[rule].title }).closest('li')!;
    expect(item('taskCheck')).toHaveTextContent('In this scenario it keeps green: A task sees only its own task items');
    expect(
      within(item('escaping')).getByRole('button', { name: 'Load the lesson “Five attacks the store turns away”' }),
    ).toBeInTheDocument();
  });

  it('shows a banner naming the rules switched off, and restores them all', async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(
      <>
        <RulesBanner />
        <RuleSwitches />
      </>,
    );
    expect(screen.queryByRole('region', { name: 'Rules switched off' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Visibility ignores the task' }));
    await user.click(screen.getByRole('checkbox', { name: 'No escaping' }));
    const banner = screen.getByRole('region', { name: 'Rules switched off' });
    expect(banner).toHaveTextContent('2 rules switched off — this is not the seed’s store.');
    expect(banner).toHaveTextContent('Visibility ignores the task · No escaping');
    expect(banner).toHaveTextContent('1 check red');
    expect(store.getState().rulesOff).toEqual(['taskCheck', 'escaping']);
    await user.click(within(banner).getByRole('button', { name: 'Restore all rules' }));
    expect(store.getState().rulesOff).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Rules switched off' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'No escaping' })).not.toBeChecked();
  });
});
