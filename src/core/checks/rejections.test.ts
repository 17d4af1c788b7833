import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayText } from '../replay/replayText';
import { MAX_LOCATED_REJECTIONS, rejectionProblems } from './rejections';

const SEED = readFileSync('fixtures/scenario.json', 'utf8');

function rejectedIn(change: (scenario: { steps: Record<string, unknown>[] }) => void) {
  const scenario = JSON.parse(SEED);
  change(scenario);
  const text = JSON.stringify(scenario, null, 2);
  const outcome = replayText(text);
  if (outcome.kind !== 'ok') throw new Error('the scenario is valid');
  return { text, problems: rejectionProblems(outcome.timeline, text) };
}
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('rejected steps as problems (issue 15, item 8)', () => {
  it('locate a typo’d scope on its own line and name the value', () => {
    const { text, problems } = rejectedIn((s) => (s.steps[2]!.scope = 'tsak'));
    expect(problems).toEqual([
      expect.objectContaining({
        path: 'steps[2].scope',
        message:
          'the store rejected step 3 (scope "tsak"): principals write user, task or agent items; app items come from configuration',
        line: lineOf(text, '"tsak"'),
      }),
    ]);
  });

  it('locate an unknown handoff target and name it, sorted by line with other rejections', () => {
    const { text, problems } = rejectedIn((s) => {
      s.steps.find((step) => step.op === 'handoff')!.to = 'nobody';
      s.steps[2]!.scope = 'tsak';
    });
    expect(problems.map((p) => [p.path, p.line])).toEqual([
      ['steps[2].scope', lineOf(text, '"tsak"')],
      ['steps[5].to', lineOf(text, '"nobody"')],
    ]);
    expect(problems[1]!.message).toBe(
      'the store rejected step 6 (to "nobody"): hand off to a different, configured agent',
    );
  });

  it('leave out a step that expects its rejection', () => {
    const { problems } = rejectedIn((s) => {
      s.steps[2]!.scope = 'tsak';
      s.steps[2]!.expect = { rejected: 'principals write' };
    });
    expect(problems).toEqual([]);
  });

  it('locate at most a bounded number, then say how many more', () => {
    const { problems } = rejectedIn((s) => {
      const write = s.steps[2]!;
      s.steps = Array.from({ length: MAX_LOCATED_REJECTIONS + 5 }, () => ({ ...write, scope: 'tsak' }));
    });
    expect(problems).toHaveLength(MAX_LOCATED_REJECTIONS + 1);
    expect(problems.at(-1)).toEqual({ path: 'steps', message: '… and 5 more rejected steps' });
  });
});
