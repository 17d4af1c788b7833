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

describe('answerBook and recordedFor on a small recording', () => {
  const BOB = 'bob/task-17/planner';
  const msg = (role: 'system' | 'user', content: string) => ({ role, content });
  const SCOPED = [msg('system', 's'), msg('user', 'MySQL plan')];
  const NAIVE = [msg('system', 's'), msg('user', 'every note')];
  const answer = (seed: number, text: string, calls = 0) => ({
    seed,
    answer: text,
    tool_calls: Array.from({ length: calls }, () => ({})),
  });
  const small = () =>
    answerBook(
      {
        principals: { [`${BOB} scoped`]: BOB, [`${BOB} naive`]: BOB },
        answers: { [`${BOB} scoped`]: [answer(4, 'Go to Postgres.')], [`${BOB} naive`]: [answer(2, '', 2)] },
      },
      {
        steps: [
          {},
          { principal: 'alice/task-9/planner', messages: [], naive_messages: [] },
          { principal: BOB, messages: SCOPED, naive_messages: NAIVE },
          { principal: BOB, messages: [], naive_messages: [] },
        ],
      },
    );

  it('names each row by its request and seed, and counts its tool calls', () => {
    const [scoped, naive] = small().rows;
    expect(scoped).toMatchObject({ id: `${BOB} scoped#4`, request: `${BOB} scoped`, principal: BOB, kind: 'scoped' });
    expect(scoped).toMatchObject({ seed: 4, answer: 'Go to Postgres.', toolCalls: 0, verdict: 'pass' });
    expect(scoped!.segments).toEqual([
      { text: 'Go to ', kind: null },
      { text: 'Postgres', kind: 'own' },
      { text: '.', kind: null },
    ]);
    expect(naive).toMatchObject({ id: `${BOB} naive#2`, kind: 'naive', toolCalls: 2, verdict: 'incomplete' });
    expect(naive!.reason).toBe('asked for a tool call instead of answering');
    expect(naive!.segments).toEqual([]);
  });

  it("keeps the messages of the principal's first query as what each request sent", () => {
    expect(small().sent).toEqual({ [`${BOB} scoped`]: SCOPED, [`${BOB} naive`]: NAIVE });
  });

  it('keeps no messages for a principal that never asked', () => {
    const book = answerBook(
      {
        principals: { [`${BOB} scoped`]: BOB, [`${BOB} naive`]: BOB },
        answers: { [`${BOB} scoped`]: [], [`${BOB} naive`]: [] },
      },
      { steps: [{ principal: 'alice/task-9/planner', messages: SCOPED, naive_messages: NAIVE }] },
    );
    expect(book.rows).toEqual([]);
    expect(Object.keys(book.sent)).toEqual([]);
    // A query step that kept no scoped messages: the scoped request sent nothing recorded.
    const partial = answerBook(
      {
        principals: { [`${BOB} scoped`]: BOB, [`${BOB} naive`]: BOB },
        answers: { [`${BOB} scoped`]: [], [`${BOB} naive`]: [] },
      },
      { steps: [{ principal: BOB, naive_messages: NAIVE }] },
    );
    expect(Object.keys(partial.sent)).toEqual([`${BOB} naive`]);
  });

  it('refuses answers whose request names no principal, even one an object inherits', () => {
    const orphan = (name: string) => () =>
      answerBook({ principals: {}, answers: { [name]: [answer(1, 'x')] } }, { steps: [] });
    expect(orphan(`${BOB} scoped`)).toThrow(`answers ${BOB} scoped name no principal`);
    expect(orphan('constructor')).toThrow('answers constructor name no principal');
  });

  it('reads a request kind only from the end of its name', () => {
    expect(requestKind('bob/task-17/planner scoped')).toBe('scoped');
    expect(() => requestKind('bob naive/x')).toThrow('recorded request "bob naive/x" is neither scoped nor naive');
  });

  it('links a query only to requests of its own principal whose every message is the same', () => {
    const book = small();
    const principal = { user: 'bob', task: 'task-17', agent: 'planner' };
    const query = (scoped: typeof SCOPED, naive: typeof NAIVE) =>
      recordedFor(book, { principal, context: { messages: scoped }, naiveMessages: naive } as never);
    expect(query(SCOPED, NAIVE)).toEqual([`${BOB} scoped`, `${BOB} naive`]);
    expect(query(SCOPED.slice(0, 1), [msg('system', 's'), msg('user', 'other')])).toEqual([]);
    expect(query([msg('user', 's'), SCOPED[1]!], [...NAIVE, msg('user', 'more')])).toEqual([]);
    const carol = { user: 'bob', task: 'task-1', agent: 'planner' };
    expect(
      recordedFor(book, { principal: carol, context: { messages: SCOPED }, naiveMessages: NAIVE } as never),
    ).toEqual([]);
  });

  it('filters by each field alone', () => {
    const { rows } = book();
    expect(filterAnswers(rows, { ...NO_FILTER, principal: BOB })).toHaveLength(10);
    expect(filterAnswers(rows, { ...NO_FILTER, kind: 'naive' })).toHaveLength(10);
    expect(filterAnswers(rows, { ...NO_FILTER, verdict: 'pass' }).map((r) => r.id)).toHaveLength(14);
  });
});
