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
import { ProtocolError, runScenario, type Session, shrinkFailure } from './run';
import { canaryCases } from './suite';

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
