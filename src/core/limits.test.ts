import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as limitsModule from './limits';
import { digits } from './text/digits';

/** The module's exports by name, as a plain record the rows of docs/limits.md are looked up in. */
const limits: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(limitsModule).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
);
import {
  MAX_HINTS,
  MAX_ITEM_TEXT_CHARS,
  MAX_LINK_ID_CHARS,
  MAX_LINK_JSON_CHARS,
  MAX_QUESTION_CHARS,
  MAX_SCENARIO_BYTES,
} from './limits';
import { LIMIT_ROWS } from './limitsTable';
import { parseScenario } from './scenario/scenario';
import { decodeShare, encodeShare, type ShareState } from './sharing/shareLink';

const LIMITS_PAGE = readFileSync(new URL('../../docs/limits.md', import.meta.url), 'utf8');
const SEED_TEXT = readFileSync(new URL('../../fixtures/scenario.json', import.meta.url), 'utf8');

/** The rows of the table in docs/limits.md (the README links to it), each as its three cells. */
function tableRows(): string[][] {
  const section = LIMITS_PAGE.split(/^# /m).find((part) => part.startsWith('Limits\n'));
  if (section === undefined) throw new Error('docs/limits.md has no "# Limits" heading');
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  // The header, then the separator row.
  expect(rows[0]).toEqual(['Limit', 'Value', 'Past it']);
  return rows.slice(2);
}

describe('docs/limits.md states every limit, as the module has it', () => {
  it('every limit the module exports has exactly one row of words', () => {
    const names = Object.entries(limits)
      .filter(([, value]) => typeof value === 'number')
      .map(([name]) => name)
      .sort();
    expect(LIMIT_ROWS.map((row) => row.name).sort()).toEqual(names);
  });

  it('one row per limit, in the same order and words, with the module’s value', () => {
    const expected = LIMIT_ROWS.map((row) => [
      row.what,
      `${digits(limits[row.name] ?? Number.NaN)} ${row.unit}`,
      row.past,
    ]);
    expect(tableRows()).toEqual(expected);
  });
});

describe('the limits against the seed', () => {
  const withQuestion = (question: string) => {
    const seed = JSON.parse(SEED_TEXT);
    seed.steps.find((step: { op: string }) => step.op === 'query').current = question;
    return JSON.stringify(seed, null, 2);
  };

  it('a question as long as the seed replays is accepted: the limit is a text’s, far above 10,000', () => {
    expect(MAX_QUESTION_CHARS).toBe(MAX_ITEM_TEXT_CHARS);
    expect(parseScenario(withQuestion('what is the plan '.repeat(700))).kind).toBe('ok');
  });

  it('a question past the limit is refused at its line, naming the limit', () => {
    const outcome = parseScenario(withQuestion('q'.repeat(MAX_QUESTION_CHARS + 1)));
    expect(outcome.kind).toBe('invalid');
    if (outcome.kind !== 'invalid') return;
    expect(outcome.problems[0]).toMatchObject({
      message: 'too long: questions are limited to 2,000,000 characters',
      line: expect.any(Number),
      column: expect.any(Number),
    });
    expect(outcome.problems[0]!.line).toBeGreaterThan(1);
  });

  it('a share link carries a scenario at its limit and the rest of the state', () => {
    expect(MAX_LINK_JSON_CHARS).toBe(MAX_SCENARIO_BYTES + 100_000);
  });
});

describe('limits docs/limits.md names that no other test reaches', () => {
  it('a share link whose principal has an ID past the limit is refused, naming it', () => {
    const state: ShareState = {
      scenario: SEED_TEXT,
      step: 0,
      principal: { user: 'u'.repeat(MAX_LINK_ID_CHARS + 1), task: '17', agent: 'planner' },
      question: null,
      rulesOff: [],
      lesson: null,
    };
    const link = encodeShare(state);
    if (link.kind !== 'ok') throw new Error('link too long');
    const opened = decodeShare(link.fragment);
    expect(opened).toEqual({
      kind: 'error',
      message: "This link's data is invalid at principal.user: too long: IDs in a link are limited to 64 characters",
    });
  });

  it('an exercise with too many hints is refused at its line, naming the limit', () => {
    const seed = JSON.parse(SEED_TEXT);
    seed.exercises = [
      {
        id: 'see-the-leak',
        task: 'Find the step where the naive list leaks.',
        goal: { kind: 'visitStep', step: 1 },
        hints: ['one', 'two', 'three', 'four'].slice(0, MAX_HINTS + 1),
        answer: 'Step 1.',
      },
    ];
    const outcome = parseScenario(JSON.stringify(seed, null, 2));
    expect(outcome.kind).toBe('invalid');
    if (outcome.kind !== 'invalid') return;
    const problem = outcome.problems.find((p) => p.message.includes('hints'));
    expect(problem).toMatchObject({ message: 'too many hints: each exercise has at most 3' });
    expect(problem!.line).toBeGreaterThan(1);
  });
});
