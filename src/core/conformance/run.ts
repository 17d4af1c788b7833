/**
 * Running scenarios against an adapter through a Session (the command line's process or HTTP
 * endpoint, the page's fetch): each scenario opens with reset, each answer is compared with the
 * reference's as it arrives, and the first step that differs is where the scenario fails.
 */
import type { Scenario } from '../scenario/scenario';
import { type Answer, isOptionalOp, type OptionalOp, type RequestLine, resetLine, stepLine } from './protocol';
import { compareAnswer, type CompareOptions, type Mismatch } from './compare';
import { type Reference, referenceOf } from './reference';
import { ddmin } from './shrink';

/** One adapter, spoken to a line at a time. `send` rejects with ProtocolError when the adapter breaks the protocol. */
export interface Session {
  send(line: RequestLine): Promise<Answer>;
}

/** The adapter could not be run or broke the protocol: no answer, two answers, not JSON, a crash. */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
}

/** Where a scenario first differs: its step (0 is the reset), the adapter's answer and the difference. */
export interface StepFailure {
  step: number;
  answer: Answer;
  mismatch: Mismatch;
}

/** Where a scenario stopped because the store lacks an operation: the step (from 1) and its op. */
export interface Unsupported {
  step: number;
  op: OptionalOp;
}

export interface ScenarioRun {
  reference: Reference;
  failure: StepFailure | null;
  /** Set when the run stopped at an optional operation the store does not offer (failure is then null). */
  unsupported: Unsupported | null;
  /** Whether any query answer carried "messages" (they are compared only then). */
  sentMessages: boolean;
  /** The optional operations the store answered (not with {"unsupported":true}) in this scenario. */
  offered: OptionalOp[];
}

/**
 * Run one scenario from its reset to its first difference or its last step, or to the first optional
 * operation the store answers `{"unsupported":true}` to: the steps before it were still compared.
 */
export async function runScenario(
  session: Session,
  scenario: Scenario,
  options: CompareOptions = {},
  reference: Reference = referenceOf(scenario),
): Promise<ScenarioRun> {
  let sentMessages = false;
  const offered = new Set<OptionalOp>();
  const ran = (failure: StepFailure | null, unsupported: Unsupported | null): ScenarioRun => ({
    reference,
    failure,
    unsupported,
    sentMessages,
    offered: [...offered],
  });
  const reset = await session.send(resetLine(scenario));
  if (reset.kind !== 'ok') {
    const mismatch = compareAnswer({ kind: 'accepted' }, reset, options)!;
    return ran({ step: 0, answer: reset, mismatch }, null);
  }
  for (let k = 0; k < scenario.steps.length; k++) {
    const step = scenario.steps[k]!;
    const answer = await session.send(stepLine(step));
    if (answer.kind === 'unsupported' && isOptionalOp(step.op)) return ran(null, { step: k + 1, op: step.op });
    if (isOptionalOp(step.op)) offered.add(step.op);
    if (answer.kind === 'items' && answer.messages !== null) sentMessages = true;
    const mismatch = compareAnswer(reference.expected[k]!, answer, options);
    if (mismatch !== null) return ran({ step: k + 1, answer, mismatch }, null);
  }
  return ran(null, null);
}

export interface Shrunk {
  scenario: Scenario;
  failure: StepFailure;
  reference: Reference;
  /** How many candidate scenarios the adapter was run through. */
  tests: number;
}

/**
 * The smallest scenario, by removing steps, on which the adapter still fails the same way (the same
 * kind of difference at a step of the same op). Always at least the failing scenario itself.
 */
export async function shrinkFailure(
  session: Session,
  scenario: Scenario,
  failure: StepFailure,
  options: CompareOptions = {},
  budget = 200,
): Promise<Shrunk> {
  const op = failure.step === 0 ? 'reset' : scenario.steps[failure.step - 1]!.op;
  // Steps after the failing one cannot matter: start from the prefix that ends with it.
  const prefix = scenario.steps.slice(0, Math.max(failure.step, 0));
  const start = { ...scenario, steps: prefix };
  let best: Shrunk = { scenario: start, failure, reference: referenceOf(start), tests: 0 };
  const { tests } = await ddmin(
    prefix,
    async (steps) => {
      const candidate = { ...scenario, steps: [...steps] };
      const run = await runScenario(session, candidate, options);
      const f = run.failure;
      const same =
        f !== null &&
        f.mismatch.kind === failure.mismatch.kind &&
        (f.step === 0 ? 'reset' : steps[f.step - 1]!.op) === op;
      if (same && steps.length <= best.scenario.steps.length) {
        const kept = { ...candidate, steps: steps.slice(0, f.step) };
        best = { scenario: kept, failure: f, reference: referenceOf(kept), tests: 0 };
      }
      return same;
    },
    budget,
  );
  return { ...best, tests };
}

/** One step's comparison: null mismatch when the adapter agreed with the reference. */
export interface StepComparison {
  step: number;
  answer: Answer;
  mismatch: Mismatch | null;
}

export interface EveryStep {
  reference: Reference;
  steps: StepComparison[];
  /** Where the comparison stopped because the store lacks an operation; the later steps were not sent. */
  unsupported: Unsupported | null;
}

/**
 * Every step of one scenario, sent and compared, without stopping at the first difference (the page
 * marks each step where the two disagree), up to an optional operation the store does not offer. Step 0
 * is the reset. `cancelled` is asked between lines.
 */
export async function compareEveryStep(
  session: Session,
  scenario: Scenario,
  options: CompareOptions = {},
  cancelled: () => boolean = () => false,
): Promise<EveryStep | null> {
  const reference = referenceOf(scenario);
  const steps: StepComparison[] = [];
  const reset = await session.send(resetLine(scenario));
  steps.push({ step: 0, answer: reset, mismatch: compareAnswer({ kind: 'accepted' }, reset, options) });
  for (let k = 0; k < scenario.steps.length; k++) {
    if (cancelled()) return null;
    const step = scenario.steps[k]!;
    const answer = await session.send(stepLine(step));
    // The store's state differs from the reference's from here on: nothing later can be compared.
    if (answer.kind === 'unsupported' && isOptionalOp(step.op))
      return { reference, steps, unsupported: { step: k + 1, op: step.op } };
    steps.push({ step: k + 1, answer, mismatch: compareAnswer(reference.expected[k]!, answer, options) });
  }
  return { reference, steps, unsupported: null };
}
