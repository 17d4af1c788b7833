/**
 * One scenario run against an adapter session, and a failure shrunk: a refused reset fails at step 0,
 * "messages" count as sent only in a query answer that has them, and the shrunk scenario still fails the
 * same way (the same kind of difference, at a step of the same op) in no more steps, ending at that step.
 */
import { describe, expect, it } from 'vitest';
import { withRulesOff } from '../store/rules';
import { inProcess } from '../testing/conformance';
import { ownAdapter } from './ownAdapter';
import type { Answer, RequestLine } from './protocol';
import { compareEveryStep, ProtocolError, runScenario, type Session, shrinkFailure } from './run';
import { referenceOf } from './reference';
import { canaryCases } from './suite';
import type { Scenario } from '../scenario/scenario';

const session = (answer: (line: RequestLine) => Answer): Session => ({ send: async (line) => answer(line) });
const cases = canaryCases();

describe('runScenario', () => {
  it('fails at step 0 when the adapter refuses the reset', async () => {
    const { scenario } = cases[0]!;
    const run = await runScenario(
      session((line) => (line.op === 'reset' ? { kind: 'error', error: 'no store' } : { kind: 'ok' })),
      scenario,
    );
    expect(run.failure).toMatchObject({ step: 0, answer: { kind: 'error', error: 'no store' } });
    expect(run.failure!.mismatch).toMatchObject({ kind: 'refused', reference: 'accepted it' });
    expect(run.sentMessages).toBe(false);
  });

  it('counts messages as sent only when a query answer carries them', async () => {
    const own = inProcess(ownAdapter());
    const withQuery = cases.find((c) => c.scenario.steps.some((s) => s.op === 'query'))!.scenario;
    expect((await runScenario(own, withQuery)).sentMessages).toBe(true);
    const silent: Session = {
      async send(line) {
        const answer = await own.send(line);
        return answer.kind === 'items' ? { ...answer, messages: null } : answer;
      },
    };
    const run = await runScenario(silent, withQuery);
    expect(run.failure).toBeNull();
    expect(run.sentMessages).toBe(false);
  });

  it('names itself as a protocol error', () => {
    expect(new ProtocolError('x').name).toBe('ProtocolError');
  });
});

describe('shrinkFailure', () => {
  it('keeps the same kind of difference at a step of the same op, in no more steps, ending there', async () => {
    const broken = inProcess(ownAdapter(withRulesOff('taskCheck')));
    let shrunk = 0;
    for (const { scenario } of cases) {
      const run = await runScenario(broken, scenario);
      if (run.failure === null) continue;
      const small = await shrinkFailure(broken, scenario, run.failure);
      const op = (steps: typeof scenario.steps, step: number) => (step === 0 ? 'reset' : steps[step - 1]!.op);
      expect(small.failure.mismatch.kind).toBe(run.failure.mismatch.kind);
      expect(op(small.scenario.steps, small.failure.step)).toBe(op(scenario.steps, run.failure.step));
      expect(small.scenario.steps.length).toBeLessThanOrEqual(run.failure.step);
      expect(small.failure.step).toBe(small.scenario.steps.length);
      // The shrunk scenario fails the same way when run again.
      const again = await runScenario(broken, small.scenario);
      expect(again.failure).toMatchObject({
        step: small.failure.step,
        mismatch: { kind: small.failure.mismatch.kind },
      });
      if (small.scenario.steps.length < scenario.steps.length) shrunk += 1;
    }
    expect(shrunk).toBeGreaterThan(0);
  });

  it('shrinks a refused reset to the reset alone', async () => {
    const refusing = session((line) => (line.op === 'reset' ? { kind: 'error', error: 'no' } : { kind: 'ok' }));
    const { scenario } = cases[0]!;
    const run = await runScenario(refusing, scenario);
    const small = await shrinkFailure(refusing, scenario, run.failure!);
    expect(small.scenario.steps).toEqual([]);
    expect(small.failure.step).toBe(0);
  });
});

describe('compareEveryStep', () => {
  const taskCase = cases.find((c) => c.canary!.rule === 'taskCheck' && c.canary!.direction === 'refuse')!.scenario;

  it('compares the reset and every step of a conforming adapter, each with no mismatch', async () => {
    const compared = await compareEveryStep(inProcess(ownAdapter()), taskCase);
    expect(compared!.reference.expected).toEqual(referenceOf(taskCase).expected);
    expect(compared!.steps.map((s) => [s.step, s.answer.kind, s.mismatch])).toEqual([
      [0, 'ok', null],
      ...taskCase.steps.map((step, k) => [k + 1, step.op === 'query' ? 'items' : 'ok', null]),
    ]);
  });

  it('marks each step where the adapter differs and goes on past it', async () => {
    const wrongFirst: Scenario = { ...taskCase, steps: [...taskCase.steps, ...taskCase.steps] };
    const compared = await compareEveryStep(inProcess(ownAdapter(withRulesOff('taskCheck'))), wrongFirst);
    const marked = compared!.steps.filter((s) => s.mismatch !== null);
    // The query in task-2 sees the task-1 item each time it is asked; the second write is refused as a repeat.
    expect(marked.map((s) => [s.step, s.mismatch!.kind])).toEqual([
      [2, 'items'],
      [4, 'items'],
    ]);
    expect(marked[0]!.mismatch!.extra).toEqual([`${cases.find((c) => c.scenario === taskCase)!.name}-alice-task-1`]);
    expect(compared!.steps).toHaveLength(wrongFirst.steps.length + 1);
  });

  it('marks a refused reset at step 0 and still sends every step', async () => {
    const sent: string[] = [];
    const refusing = session((line) => {
      sent.push(line.op);
      return line.op === 'reset' ? { kind: 'error', error: 'no store' } : { kind: 'ok' };
    });
    const compared = await compareEveryStep(refusing, taskCase);
    expect(compared!.steps[0]).toMatchObject({ step: 0, mismatch: { kind: 'refused' } });
    expect(sent).toEqual(['reset', ...taskCase.steps.map((s) => s.op)]);
    // The query answered ok: the wrong kind of answer.
    expect(compared!.steps.at(-1)!.mismatch).toMatchObject({ kind: 'wrong-answer' });
  });

  it('stops sending and gives null once cancelled', async () => {
    const sent: string[] = [];
    const own = inProcess(ownAdapter());
    const counting: Session = { send: (line) => (sent.push(line.op), own.send(line)) };
    let asked = 0;
    expect(await compareEveryStep(counting, taskCase, {}, () => ++asked > 1)).toBeNull();
    expect(sent).toEqual(['reset', taskCase.steps[0]!.op]);
  });
});
