// @vitest-environment jsdom
import { inPageEngines } from '../../engine/worker/inPage';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RuleSwitches } from './RuleSwitches';
import { RulesBanner } from './RulesBanner';
import { renderWithStore } from '../common/testing';
import { RULE_DETAILS } from '../../core/store/ruleDetails';
import { RULE_INFO, RULES } from '../../core/store/rules';
import { DEFAULT_LESSON } from '../../core/lessons/catalogue';
import { createLessonsStore } from '../../state/lessons/lessonsStore';
import { memoryLessonsStorage } from '../../state/lessons/lessonStorage';
import { SEED_TEXT, seedAnswerBook } from '../../state/seedData';
import { LessonsProvider } from '../common/lessonsContext';
import { PlaygroundProvider } from '../common/playground';
import { onOpenPane } from '../common/openPane';

describe('RuleSwitches', () => {
  it('offers one switch per rule, named after the rule it enforces, each with its effect and incident, all on (enforced) at first', () => {
    renderWithStore(<RuleSwitches />);
    for (const rule of RULES) {
      const box = screen.getByRole('checkbox', { name: RULE_INFO[rule].name });
      expect(box).toBeChecked();
      expect(box.closest('li')).toHaveTextContent('enforced');
      expect(box).toHaveAccessibleDescription(RULE_INFO[rule].effect);
      expect(box.closest('li')).toHaveTextContent(RULE_DETAILS[rule].incident);
    }
  });

  it('says which checks a rule keeps green here, or that this scenario never tests it', () => {
    renderWithStore(<RuleSwitches />);
    const item = (rule: keyof typeof RULE_INFO) =>
      screen.getByRole('checkbox', { name: RULE_INFO[rule].name }).closest('li')!;
    expect(item('taskCheck')).toHaveTextContent('In this scenario it keeps green: A task sees only its own task items');
    expect(
      within(item('escaping')).getByText(/The lesson “Five attacks the store turns away” tests it/),
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
    await user.click(screen.getByRole('checkbox', { name: 'A task item stays in its task' }));
    await user.click(screen.getByRole('checkbox', { name: 'Item text is escaped' }));
    expect(screen.getByRole('checkbox', { name: 'Item text is escaped' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Item text is escaped' }).closest('li')).toHaveTextContent(
      'off: broken',
    );
    const banner = screen.getByRole('region', { name: 'Rules switched off' });
    expect(banner).toHaveTextContent('2 rules switched off — this is not the seed’s store.');
    expect(banner).toHaveTextContent('A task item stays in its task · Item text is escaped');
    expect(banner).toHaveTextContent('1 check red');
    expect(store.getState().rulesOff).toEqual(['taskCheck', 'escaping']);
    await user.click(within(banner).getByRole('button', { name: 'Restore all rules' }));
    expect(store.getState().rulesOff).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Rules switched off' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Item text is escaped' })).toBeChecked();
  });
});

describe('the lesson a rule card offers', () => {
  it('opens that lesson in the shell, with the learner’s work here kept (issue 15, item 2)', async () => {
    const user = userEvent.setup();
    const storage = memoryLessonsStorage();
    const lessons = createLessonsStore({
      storage,
      answers: seedAnswerBook(),
      engines: inPageEngines(),
      clearFragment: () => {},
    });
    await lessons.getState().start('');
    const seed = lessons.getState().session!;
    if (seed.engine !== 'store') throw new Error('the seed lesson runs the store');
    seed.store.getState().editText(`${SEED_TEXT} `);
    render(
      <LessonsProvider store={lessons}>
        <PlaygroundProvider store={seed.store}>
          <RuleSwitches />
        </PlaygroundProvider>
      </LessonsProvider>,
    );
    const escaping = screen.getByRole('checkbox', { name: RULE_INFO.escaping.name }).closest('li')!;
    const asked: string[] = [];
    const off = onOpenPane((id) => void asked.push(id));
    await user.click(
      within(escaping).getByRole('button', { name: 'Open the lesson “Five attacks the store turns away”' }),
    );
    await waitFor(() => expect(lessons.getState().session?.lesson.id).toBe('attacks'), { timeout: 5_000 });
    expect(lessons.getState().session?.lesson.id).toBe('attacks');
    expect(seed.store.getState().text).toBe(`${SEED_TEXT} `);
    expect(storage.texts.get(DEFAULT_LESSON)).toBe(`${SEED_TEXT} `);
    off();
    // In the workbench the Lesson tab must come forward to show it.
    expect(asked).toEqual(['lesson']);
  });
});

describe('a rule card’s coverage line', () => {
  it('names expectations as the checks list does ("Step 6 query: excludes"), never by internal id', () => {
    const { store } = renderWithStore(<RuleSwitches />);
    act(() => store.getState().loadScenario(readFileSync('fixtures/lessons/attacks.scenario.json', 'utf8')));
    const panel = screen.getByRole('region', { name: 'Break a rule' });
    expect(panel.textContent).not.toMatch(/expect-step-\d/);
    const titles = store
      .getState()
      .checks.filter((check) => check.kind === 'expectation')
      .map((check) => check.title);
    expect(titles.some((title) => panel.textContent!.includes(title))).toBe(true);
  });
});
