// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CurrentStep, Timeline } from './Timeline';
import { renderWithStore } from '../common/testing';
import { memoryTextStorage } from '../../state/storage';
import { SEED_TEXT } from '../../state/seedData';

const steps = () => within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('button');
const current = () => screen.getByRole('button', { current: 'step' });

describe('Timeline', () => {
  it('lists the configuration and every step in words', () => {
    renderWithStore(<Timeline />);
    expect(steps()).toHaveLength(13);
    expect(steps()[4]).toHaveTextContent("bob's planner writes a task item bob-export-plan");
    expect(steps()[6]).toHaveTextContent("bob's planner hands bob-export-plan to the researcher");
    expect(steps()[11]).toHaveTextContent('bob closes task-17');
    expect(current()).toHaveTextContent('The configuration sets the app items');
  });

  it('moves with next, previous, first and last', async () => {
    const user = userEvent.setup();
    renderWithStore(<Timeline />);
    const region = screen.getByRole('region', { name: 'Timeline' });
    expect(within(region).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(region).getByRole('button', { name: 'Next' }));
    expect(current()).toHaveTextContent('alice-contact');
    await user.click(within(region).getByRole('button', { name: 'Last' }));
    expect(current()).toHaveTextContent("bob's planner asks in task-17");
    expect(within(region).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(region).getByRole('button', { name: 'Previous' }));
    expect(current()).toHaveTextContent('bob closes task-17');
    await user.click(within(region).getByRole('button', { name: 'First' }));
    expect(current()).toHaveTextContent('configuration');
  });

  it('goes to a step that is clicked', async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<Timeline />);
    await user.click(steps()[9]!);
    expect(store.getState().index).toBe(9);
    expect(current()).toHaveTextContent("alice's planner asks in task-9");
  });

  it('moves with the arrow keys and j/k, keeping focus on the current step', async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<Timeline />);
    steps()[0]!.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}j');
    expect(store.getState().index).toBe(3);
    expect(current()).toHaveFocus();
    await user.keyboard('k{ArrowUp}');
    expect(store.getState().index).toBe(1);
    await user.keyboard('{End}');
    expect(store.getState().index).toBe(12);
    await user.keyboard('{Home}');
    expect(store.getState().index).toBe(0);
  });

  it('announces the current step to screen readers', async () => {
    const user = userEvent.setup();
    renderWithStore(
      <>
        <Timeline />
        <CurrentStep />
      </>,
    );
    await user.click(steps()[9]!);
    const live = screen.getByText("alice's planner asks in task-9: “What is the plan for the export job?”", {
      selector: '.current-summary',
    }).parentElement!;
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toHaveTextContent('Step 9 of 12');
    expect(live).toHaveTextContent("The naive list holds 3 items, 2 of them another user's (bob's): a leak to alice.");
  });

  it("shows a rejected step's reason", () => {
    const rejected = SEED_TEXT.replace('"to": "researcher"', '"to": "auditor"');
    renderWithStore(<Timeline />, memoryTextStorage(rejected));
    expect(steps()[6]).toHaveTextContent(
      'Rejected: hand off to a different, configured agent. The store is unchanged.',
    );
  });
});
