import { describe, expect, it } from 'vitest';
import { classroomTable } from './classroom';
import type { ProgressFile } from './progressFile';

const task = (id: string, met = false) => ({
  id,
  task: `Do ${id}.`,
  met,
  hintsUsed: 0,
  answerShown: false,
  firstMetAt: null,
});
const file = (learner: string, lessons: ProgressFile['lessons']): { name: string; file: ProgressFile } => ({
  name: `${learner}.json`,
  file: {
    format: 'scope-isolation-playground/progress',
    version: 1,
    learner,
    exportedAt: '2026-01-01T00:00:00.000Z',
    lessons,
  },
});
const tutoring = { id: 'tutoring', title: 'Tutoring without leaks' };

describe('classroomTable', () => {
  it('groups the columns by course pack, then by lesson, each in the order first seen', () => {
    const table = classroomTable([
      file('ada', [
        { id: 'seed-alice-bob', title: 'Alice', done: false, tasks: [task('a')], scenario: null },
        {
          id: 'scenario-aaaaaaaaaaa',
          title: 'Draft',
          done: false,
          tasks: [task('d', true)],
          course: tutoring,
          scenario: null,
        },
      ]),
      file('grace', [
        {
          id: 'scenario-bbbbbbbbbbb',
          title: 'Term',
          done: true,
          tasks: [task('t', true)],
          course: tutoring,
          scenario: null,
        },
        { id: 'attacks', title: 'Attacks', done: false, tasks: [task('x')], scenario: null },
      ]),
    ]);
    expect(table.columns.map((c) => [c.course?.id ?? null, c.lessonId])).toEqual([
      [null, 'seed-alice-bob'],
      [null, 'attacks'],
      ['tutoring', 'scenario-aaaaaaaaaaa'],
      ['tutoring', 'scenario-bbbbbbbbbbb'],
    ]);
    expect(table.rows[1]!.cells.map((c) => (c.kind === 'task' ? c.met : null))).toEqual([null, false, null, true]);
  });
});
