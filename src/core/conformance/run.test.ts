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
import { canaryScenario, query, write } from './canaryKit';
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

describe('shrinkFailure, step by step', () => {
  /**
   * The own store, except: once c00-marker is written, a query is answered ok (the wrong kind of answer);
   * before it, c00-other's write is answered with items (wrong at a write) and a query is refused.
   */
  const quirky = (): Session => {
    const own = inProcess(ownAdapter());
    let marked = false;
    return {
      async send(line) {
        if (line.op === 'reset') marked = false;
        if (line.op === 'write' && 'id' in line && line.id === 'c00-marker') marked = true;
        if (line.op === 'write' && 'id' in line && line.id === 'c00-other' && !marked)
          return { kind: 'items', items: [], messages: null };
        if (line.op === 'query') return marked ? { kind: 'ok' } : { kind: 'error', error: 'not yet' };
        return own.send(line);
      },
    };
  };
  const A1 = 'alice/task-1/planner';
  const scenarioOf = (steps: Scenario['steps']) => canaryScenario({ name: 'n', direction: 'allow', steps }, 'c00');
  const marker = write(A1, 'user', '$-marker');
  const other = write(A1, 'user', '$-other');
  const ask = query(A1);

  it('keeps only candidates that fail the same way, at a step of the same op, and ends at that step', async () => {
    const scenario = scenarioOf([marker, other, write(A1, 'task', '$-plan'), ask, write(A1, 'task', '$-after')]);
    const run = await runScenario(quirky(), scenario);
    expect(run.failure).toMatchObject({ step: 4, mismatch: { kind: 'wrong-answer' } });
    const small = await shrinkFailure(quirky(), scenario, run.failure!);
    // Without the marker the query is refused (another kind) and the write of c00-other answered with
    // items (the same kind at a write): neither is the same failure.
    expect(small.scenario.steps).toEqual(scenarioOf([marker, ask]).steps);
    expect(small.failure).toMatchObject({ step: 2, answer: { kind: 'ok' }, mismatch: { kind: 'wrong-answer' } });
    expect(small.reference.expected).toEqual(referenceOf(small.scenario).expected);
    expect(small.tests).toBeGreaterThan(0);
  });

  it('with no budget, gives the scenario cut at the failing step', async () => {
    const scenario = scenarioOf([marker, other, ask, write(A1, 'task', '$-after')]);
    const run = await runScenario(quirky(), scenario);
    const small = await shrinkFailure(quirky(), scenario, run.failure!, {}, 0);
    expect(small.scenario.steps).toEqual(scenario.steps.slice(0, 3));
    expect(small).toMatchObject({ failure: run.failure, tests: 0 });
    expect(small.reference.expected).toHaveLength(3);
  });
});
