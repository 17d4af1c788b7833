/** The grader over an answers file's text: the seed's printed output, or every problem located. */
import { describe, expect, it } from 'vitest';
import { gradeAnswersText } from './gradeText';
import { positionOf, projectText } from '../testing/fixtures';

const RECORDED = projectText('recorded/answer-result.json');

describe('gradeAnswersText', () => {
  it("prints the recorded answers' grades as the seed's answer_check.py printed them", () => {
    expect(gradeAnswersText(RECORDED)).toEqual({
      kind: 'ok',
      output: projectText('recorded/answer-grades.json').replace(/\n$/, ''),
    });
  });

  it('writes each seed as the file spells it, and the requests in the file’s order', () => {
    const text = RECORDED.replace('"seed": 1,', '"seed": 1.0,');
    const outcome = gradeAnswersText(text);
    if (outcome.kind !== 'ok') throw new Error('the file is valid');
    expect(outcome.output).toContain('"seed": 1.0,');
    expect(outcome.output.match(/"seed": 1\.0/g)).toHaveLength(1);
    const parsed = JSON.parse(outcome.output) as { summary: object; graded: Record<string, unknown[]> };
    expect(Object.keys(parsed.graded)).toEqual(Object.keys(JSON.parse(RECORDED).answers));
    expect(Object.keys(parsed.summary)).toEqual(Object.keys(parsed.graded));
    expect(parsed.graded['bob/task-17/planner scoped']![0]).toEqual({
      seed: 1,
      verdict: 'pass',
      reason: 'own plan only',
    });
  });

  it('locates a syntax error by line and column', () => {
    const outcome = gradeAnswersText('{\n  "answers": {,\n}');
    expect(outcome).toEqual({
      kind: 'invalid',
      problems: [
        {
          message: 'JSON syntax: expected a value',
          path: '(syntax)',
          line: 2,
          column: 15,
          endLine: 2,
          endColumn: 16,
        },
      ],
    });
  });

  it('locates each field the answers file gets wrong, at its value', () => {
    const text = RECORDED.replace('"seed": 2,', '"seed": "two",').replace('"answer": ', '"answer": 7, "x": ');
    const outcome = gradeAnswersText(text);
    if (outcome.kind !== 'invalid') throw new Error('expected problems');
    expect(outcome.problems.map(({ path, message }) => ({ path, message }))).toEqual([
      {
        path: 'answers["bob/task-17/planner scoped"][0].answer',
        message: 'Invalid input: expected string, received number',
      },
      {
        path: 'answers["bob/task-17/planner scoped"][1].seed',
        message: 'Invalid input: expected number, received string',
      },
    ]);
    const [answer, seed] = outcome.problems;
    expect({ line: answer!.line, column: answer!.column }).toEqual(positionOf(text, '7, "x"'));
    expect({ line: seed!.line, column: seed!.column }).toEqual(positionOf(text, '"two"'));
  });

  it('says which answers name no principal, instead of failing', () => {
    const text = RECORDED.replace(
      '"bob/task-17/planner scoped": "bob/task-17/planner"',
      '"someone else": "bob/task-17/planner"',
    );
    expect(gradeAnswersText(text)).toEqual({
      kind: 'invalid',
      problems: [{ path: '', message: 'answers bob/task-17/planner scoped name no principal' }],
    });
  });
});

describe('gradeAnswersText, a file missing its parts', () => {
  it('locates a missing record at the root instead of failing on it', () => {
    expect(gradeAnswersText('{"answers": {}}')).toMatchObject({
      kind: 'invalid',
      problems: [
        { path: 'principals', message: 'Invalid input: expected record, received undefined', line: 1, column: 1 },
      ],
    });
  });
});
