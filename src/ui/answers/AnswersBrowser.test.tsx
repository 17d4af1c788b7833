// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AnswersBrowser } from './AnswersBrowser';
import { renderWithStore } from '../common/testing';

const answers = () => within(screen.getByRole('region', { name: 'Recorded model answers' })).getAllByRole('article');

describe('AnswersBrowser', () => {
  it('shows all 20 answers and the summary table', () => {
    renderWithStore(<AnswersBrowser />);
    expect(answers()).toHaveLength(20);
    const table = screen.getByRole('table', { name: 'Verdicts per request' });
    const row = within(table).getByRole('row', { name: /alice\/task-9\/planner naive/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '5', '0', '⚠ 5']);
  });

  it('filters by principal, kind and verdict', async () => {
    const user = userEvent.setup();
    renderWithStore(<AnswersBrowser />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Principal' }), 'alice/task-9/planner');
    expect(answers()).toHaveLength(10);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Request' }), 'scoped');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Verdict' }), 'fail');
    expect(answers()).toHaveLength(1);
    expect(answers()[0]).toHaveTextContent('fail: leaves out the own plan');
    expect(screen.getByText('Showing 1 of 20 answers.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(answers()).toHaveLength(20);
  });

  it("highlights the other user's data that made the grader fail an answer", async () => {
    const user = userEvent.setup();
    renderWithStore(<AnswersBrowser />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Principal' }), 'alice/task-9/planner');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Request' }), 'naive');
    const answer = answers().find((a) => a.textContent?.includes('seed 3'))!;
    expect(within(answer).getByText(/mentions the other user's data/)).toBeInTheDocument();
    const marks = answer.querySelectorAll('mark');
    expect([...marks].map((m) => [m.textContent, m.getAttribute('title')])).toEqual([
      ['PostgreS', "other user's data"],
      ['Task 17', "other user's data"],
    ]);
    expect(answer).toHaveTextContent('Other user’s data: “PostgreS”, “Task 17”.');
  });

  it('highlights the own fact in a passing answer', () => {
    renderWithStore(<AnswersBrowser />);
    const answer = answers().find((a) => a.textContent?.includes('alice/task-9/planner scoped request · seed 1'))!;
    // The seed's pattern is 15[- ]minute|15 minutes: its first alternative is what matches.
    expect(answer.querySelector('mark')?.textContent).toBe('15 minute');
    expect(answer.querySelector('mark')).toHaveAttribute('title', 'own fact');
  });
});
