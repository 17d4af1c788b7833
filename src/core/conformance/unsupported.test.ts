/**
 * A store that lacks an operation says so ({"unsupported":true}): the cases that need it are n/a, the
 * rules checked only through them are n/a with the reason, and the run still conforms unless it is
 * asked to require everything. Reset, write and query cannot be lacked.
 */
import { describe, expect, it } from 'vitest';
import { ownAdapter } from './ownAdapter';
import { inProcess } from '../testing/conformance';
import { suiteCases } from '../../../cli/conform/cases';
import { checkedNothing, conforms, lackedButOffered, ruleVerdicts, runSuite } from './suite';
import { compareEveryStep, type Session } from './run';
import { parseAnswer, type RequestLine } from './protocol';
import { reportLines } from './report';
import { withRulesOff } from '../store/rules';

/** The own store, answering {"unsupported":true} to the operations named. */
function lacking(ops: readonly string[], store = inProcess(ownAdapter())): Session {
  return {
    send: async (line: RequestLine) => (ops.includes(line.op) ? { kind: 'unsupported' } : store.send(line)),
  };
}

const where = () => ({ file: 'f', link: null });

describe('an adapter that lacks an operation', () => {
  it('reads {"unsupported":true} as its own answer', () => {
    expect(parseAnswer('{"unsupported":true}')).toEqual({ kind: 'answer', answer: { kind: 'unsupported' } });
    expect(parseAnswer('{"unsupported":1}').kind).toBe('broken');
  });

  it('is n/a on the rules only import and forget_user check, and still conforms', async () => {
    const cases = suiteCases();
    const result = await runSuite(lacking(['import', 'forget_user']), cases);
    expect(result.failures).toEqual([]);
    const na = ruleVerdicts(result, cases).filter((v) => v.status === 'unsupported');
    expect(na.map((v) => [v.rule, v.lacks])).toEqual([
      ['ownerlessHidden', ['import']],
      ['scopedDelete', ['forget_user']],
    ]);
    expect(conforms(result)).toBe(true);
    expect(conforms(result, true)).toBe(false);
    const { lines } = reportLines(result, cases, where);
    expect(lines).toContain(
      "n/a   ownerlessHidden         guards “An item without an owner is nobody's” (the store has no import)",
    );
    expect(lines.at(-1)).toMatch(/, \d+ n\/a; 19 of 21 rules conform, 2 n\/a$/);
  });

  it('still fails a leak it shows before the operation it lacks', async () => {
    const cases = suiteCases(['canaries']);
    const leaky = lacking(['import', 'forget_user'], inProcess(ownAdapter(withRulesOff('taskCheck'))));
    const result = await runSuite(leaky, cases);
    const verdicts = ruleVerdicts(result, cases);
    expect(verdicts.find((v) => v.rule === 'taskCheck')!.status).toBe('failed');
    expect(conforms(result)).toBe(false);
  });

  it('fails a store that answers an operation in one scenario and calls it unsupported in another', async () => {
    // Says it has no handoff only where the reference refuses one: not a missing operation, a dodge.
    const store = inProcess(ownAdapter());
    const dodging: Session = {
      send: async (line: RequestLine) => {
        const answer = await store.send(line);
        return line.op === 'handoff' && answer.kind === 'error' ? { kind: 'unsupported' } : answer;
      },
    };
    const cases = suiteCases(['canaries']);
    const result = await runSuite(dodging, cases);
    expect(result.failures).toEqual([]);
    expect(result.skipped.length).toBeGreaterThan(0);
    expect(lackedButOffered(result)).toEqual(['handoff']);
    expect(conforms(result)).toBe(false);
    const { lines } = reportLines(result, cases, where);
    expect(lines).toContain(
      `FAIL  the store answered handoff in some scenarios and {"unsupported":true} to it in ${result.skipped.length} others: a store has an operation or not, so those count as failures`,
    );
  });

  it('may not lack query or write: the step fails with what it said', async () => {
    const cases = suiteCases(['canaries']);
    const result = await runSuite(lacking(['query']), cases);
    expect(result.skipped).toEqual([]);
    expect(result.failures.length).toBeGreaterThan(0);
    expect(result.failures[0]!.failure.mismatch.kind).toBe('unsupported');
    expect(result.failures[0]!.failure.mismatch.adapter).toContain('{"unsupported":true}');
  });

  it('checked nothing when every case needs what it lacks: not a conforming run', async () => {
    const cases = suiteCases(['canaries']).filter((c) => c.scenario.steps.some((s) => s.op === 'handoff'));
    expect(cases.length).toBeGreaterThan(0);
    const result = await runSuite(
      lacking(['handoff', 'close_task', 'import', 'forget_user']),
      cases.map((c) => ({
        ...c,
        scenario: { ...c.scenario, steps: c.scenario.steps.filter((s) => s.op !== 'write') },
      })),
    );
    // With the writes gone, a case that starts with a handoff stops at its first step.
    const first = result.skipped.filter((s) => s.unsupported.step === 1);
    expect(first.length).toBeGreaterThan(0);
    const nothing = { cases: 2, failures: [], skipped: [first[0]!, first[0]!], sentMessages: true };
    expect(checkedNothing(nothing)).toBe(true);
    expect(conforms(nothing)).toBe(false);
    expect(reportLines(nothing, [], where).lines.at(-1)).toBe(
      'nothing was checked: every scenario needs an operation the store lacks (the store has no handoff)',
    );
  });

  it('stops the page’s step-by-step comparison there, with the steps before it compared', async () => {
    const [lesson] = suiteCases(['lessons']).filter((c) => c.scenario.steps.some((s) => s.op === 'import'));
    const at = lesson!.scenario.steps.findIndex((s) => s.op === 'import') + 1;
    const compared = await compareEveryStep(lacking(['import']), lesson!.scenario);
    expect(compared!.unsupported).toEqual({ step: at, op: 'import' });
    expect(compared!.steps.map((s) => s.step)).toEqual(Array.from({ length: at }, (_, k) => k));
    expect(compared!.steps.every((s) => s.mismatch === null)).toBe(true);
  });
});
