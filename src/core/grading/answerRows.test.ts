import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recordedSchema } from './answerCheck';
import { answerBook, filterAnswers, isolationSchema, NO_FILTER, recordedFor, requestKind } from './answerRows';
import { replayText } from '../replay/replayText';

const book = () =>
  answerBook(
    recordedSchema.parse(JSON.parse(readFileSync('recorded/answer-result.json', 'utf8'))),
    isolationSchema.parse(JSON.parse(readFileSync('recorded/isolation-result.json', 'utf8'))),
  );

describe('answerBook', () => {
  it('holds the seed’s 20 answers with the recorded verdicts', () => {
    const grades = JSON.parse(readFileSync('recorded/answer-grades.json', 'utf8'));
    const { rows, summary } = book();
    expect(rows).toHaveLength(20);
    expect(summary).toEqual(grades.summary);
    for (const row of rows) {
      const recorded = grades.graded[row.request].find((g: { seed: number }) => g.seed === row.seed);
      expect([row.verdict, row.reason]).toEqual([recorded.verdict, recorded.reason]);
    }
  });

  it("highlights the other user's data that failed alice's naive answers", () => {
    const row = book().rows.find((r) => r.id === 'alice/task-9/planner naive#3')!;
    expect(row.segments.filter((s) => s.kind !== null)).toEqual([
      { text: 'PostgreS', kind: 'other' }, // the grader's pattern is /postgres/i
      { text: 'Task 17', kind: 'other' },
    ]);
    expect(row.segments.map((s) => s.text).join('')).toBe(row.answer);
  });
});

describe('recordedFor', () => {
  const timeline = () => {
    const outcome = replayText(readFileSync('fixtures/scenario.json', 'utf8'));
    if (outcome.kind !== 'ok') throw new Error('invalid');
    return outcome.timeline;
  };
  const at = (index: number) => {
    const outcome = timeline().entries[index]!.outcome;
    if (outcome.kind !== 'queried') throw new Error(`entry ${index} is no query`);
    return recordedFor(book(), outcome);
  };

  it('links a query to the answers recorded for exactly its messages', () => {
    expect(at(7)).toEqual(['bob/task-17/planner scoped', 'bob/task-17/planner naive']);
    expect(at(9)).toEqual(['alice/task-9/planner scoped', 'alice/task-9/planner naive']);
  });

  it('links no answers to a query whose request differs from the recorded one', () => {
    expect(at(8)).toEqual([]);
    expect(at(12)).toEqual([]);
  });
});

describe('filterAnswers', () => {
  it('keeps rows matching every set field', () => {
    const { rows } = book();
    expect(filterAnswers(rows, NO_FILTER)).toHaveLength(20);
    expect(
      filterAnswers(rows, { principal: 'alice/task-9/planner', kind: 'naive', verdict: null }).map((r) => r.verdict),
    ).toEqual(['fail', 'fail', 'fail', 'fail', 'fail']);
    expect(filterAnswers(rows, { principal: null, kind: 'scoped', verdict: 'fail' }).map((r) => r.id)).toEqual([
      'alice/task-9/planner scoped#5',
    ]);
  });

  it('reads the request kind from the name', () => {
    expect(requestKind('bob/task-17/planner naive')).toBe('naive');
    expect(() => requestKind('bob/task-17/planner')).toThrow(/neither/);
  });
});
