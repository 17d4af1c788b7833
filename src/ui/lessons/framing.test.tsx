// @vitest-environment jsdom
import { inPageEngines } from '../../engine/worker/inPage';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createLessonsStore } from '../../state/lessons/lessonsStore';
import { memoryLessonsStorage } from '../../state/lessons/lessonStorage';
import { scenarioFile } from '../../state/lessons/shareLogic';
import { SEED_TEXT, seedAnswerBook } from '../../state/seedData';
import { LessonsProvider } from '../common/lessonsContext';
import { createProgressStore } from '../../state/exercises/progressStore';
import { memoryProgressStorage } from '../../state/exercises/progressStorage';
import { createTourStore } from '../../state/exercises/tourStore';
import { ExercisesProvider } from '../common/exercisesContext';
import { LessonBar } from './LessonBar';
import { ScenarioTitle } from '../common/ScenarioTitle';
import { encodeShare } from '../../core/sharing/shareLink';

/** The seed with its users renamed: a teacher's own scenario. */
const CAROL_DAVE = SEED_TEXT.replaceAll('"alice"', '"carol"').replaceAll('"bob"', '"dave"');

async function openSeed() {
  const lessons = createLessonsStore({
    storage: memoryLessonsStorage(),
    answers: seedAnswerBook(),
    engines: inPageEngines(),
    clearFragment() {},
  });
  await lessons.getState().start('');
  const session = lessons.getState().session!;
  if (session.engine !== 'store') throw new Error('the seed lesson runs the store');
  const saved = memoryProgressStorage();
  const progress = createProgressStore({ storage: saved, now: () => new Date('2026-12-01T09:00:00Z') });
  const exercises = {
    progress,
    tour: createTourStore(saved),
    tasksOf: async () => ({ exercises: [] }),
    textOf: () => null,
    now: () => new Date('2026-12-01T09:00:00Z'),
  };
  render(
    <LessonsProvider store={lessons}>
      <ExercisesProvider value={exercises}>
        <LessonBar />
        <p data-testid="top-title">
          <ScenarioTitle session={session} />
        </p>
      </ExercisesProvider>
    </LessonsProvider>,
  );
  return session;
}

describe('the framing follows the scenario (issue 15, item 15)', () => {
  it('keeps the lesson’s title, incident and download name while the scenario names its users', async () => {
    const session = await openSeed();
    act(() => session.store.getState().loadScenario(`${SEED_TEXT} `));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Alice, Bob and the export job');
    expect(screen.getByText('The incident')).toBeInTheDocument();
    expect(scenarioFile(session).name).toBe('seed-alice-bob.json');
    expect(screen.getByTestId('top-title')).toHaveTextContent('Alice, Bob and the export job');
  });

  it('keeps the lesson’s framing when a third user joins the lesson’s own, as a task asks', async () => {
    const session = await openSeed();
    const scenario = JSON.parse(SEED_TEXT) as { steps: unknown[] };
    scenario.steps.push({
      op: 'write',
      as: ['carol', 'task-5', 'planner'],
      scope: 'user',
      id: 'carol-plan',
      text: 'Carol.',
    });
    act(() => session.store.getState().loadScenario(JSON.stringify(scenario, null, 2)));
    expect(session.store.getState().problems).toEqual([]);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Alice, Bob and the export job');
    expect(scenarioFile(session).name).toBe('seed-alice-bob.json');
  });

  it('calls a scenario with other users “Your scenario”, drops the incident and names the download after them', async () => {
    const session = await openSeed();
    act(() => session.store.getState().loadScenario(CAROL_DAVE));
    expect(session.store.getState().problems).toEqual([]);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Your scenario');
    expect(screen.queryByText('The incident')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Done/)).not.toBeInTheDocument();
    expect(screen.getByText(/It names carol and dave/)).toBeInTheDocument();
    expect(scenarioFile(session).name).toBe('scenario-carol-dave.json');
    // The top bar names the scenario on screen, not the lesson it started from.
    expect(screen.getByTestId('top-title')).toHaveTextContent('Your scenario: carol and dave');
  });

  it('names a teacher’s scenario in the shared-link banner by its own users', async () => {
    const encoded = encodeShare({
      scenario: CAROL_DAVE,
      step: 7,
      principal: null,
      question: null,
      rulesOff: [],
      lesson: null,
    });
    if (encoded.kind !== 'ok') throw new Error('too long');
    const lessons = createLessonsStore({
      storage: memoryLessonsStorage(),
      answers: seedAnswerBook(),
      engines: inPageEngines(),
      clearFragment() {},
    });
    await lessons.getState().start(encoded.fragment);
    expect(lessons.getState().banner).toEqual({ kind: 'shared', lesson: 'Your scenario: carol and dave' });
  });
});
