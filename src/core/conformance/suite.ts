/**
 * The conformance suite: the canaries, the golden cases and the store lessons' safe side, run against
 * one adapter session; each failing scenario shrunk and diagnosed; a verdict per rule.
 */
import type { Scenario } from '../scenario/scenario';
import type { Rule } from '../store/rules';
import { type Canary, type CanaryRule, CANARY_RULES, canaries, ruleTitle } from './canaries';
import type { CompareOptions } from './compare';
import { crossedTokens, likeRulesOff, referenceReasons } from './diagnose';
import { runScenario, type Session, type Shrunk, shrinkFailure, type StepFailure, type Unsupported } from './run';
import { lacksWords, type OptionalOp } from './protocol';

export interface TestCase {
  kind: 'canary' | 'golden' | 'lesson';
  /** "c07", "case-012", "attacks". */
  name: string;
  scenario: Scenario;
  canary?: Canary;
}

/** The canary set as test cases. */
export function canaryCases(): TestCase[] {
  return canaries().map((canary) => ({ kind: 'canary', name: canary.id, scenario: canary.scenario, canary }));
}

export interface CaseFailure {
  testCase: TestCase;
  failure: StepFailure;
  shrunk: Shrunk;
  /** The explainer's reason for the reference's answer, per item the answers disagree on. */
  reasons: string[];
  /** Canary tokens (item IDs) that reached the adapter's answer and not the reference's. */
  crossed: string[];
  /** Rules the reference would have to switch off to answer as the adapter did. */
  like: Rule[];
}

/** A case the store could not run to its end: it lacks an operation the case needs. */
export interface CaseSkip {
  testCase: TestCase;
  unsupported: Unsupported;
}

export interface SuiteResult {
  cases: number;
  failures: CaseFailure[];
  /** Cases not applicable to the store (`{"unsupported":true}` to an operation they need). */
  skipped: CaseSkip[];
  /** Whether the adapter sent "messages" in any query answer (escaping is checked only then). */
  sentMessages: boolean;
  /**
   * The optional operations the store answered in some scenario. One it also answered
   * `{"unsupported":true}` elsewhere is not missing: those scenarios fail (see lackedButOffered).
   */
  offered?: readonly OptionalOp[];
}

export interface SuiteOptions extends CompareOptions {
  /** Most candidate scenarios tried while shrinking one failure. */
  shrinkBudget?: number;
  /** Called before each case, so a protocol error can say where it happened. */
  onStart?: (testCase: TestCase) => void;
  /** Called after each case, for progress. */
  onCase?: (done: number, total: number) => void;
}

/** Run every case; a ProtocolError from the session ends the run and reaches the caller. */
export async function runSuite(
  session: Session,
  cases: readonly TestCase[],
  options: SuiteOptions = {},
): Promise<SuiteResult> {
  const failures: CaseFailure[] = [];
  const skipped: CaseSkip[] = [];
  let sentMessages = false;
  const offered = new Set<OptionalOp>();
  for (let i = 0; i < cases.length; i++) {
    const testCase = cases[i]!;
    options.onStart?.(testCase);
    const run = await runScenario(session, testCase.scenario, options);
    sentMessages ||= run.sentMessages;
    for (const op of run.offered) offered.add(op);
    if (run.unsupported !== null) skipped.push({ testCase, unsupported: run.unsupported });
    if (run.failure !== null) {
      const shrunk = await shrinkFailure(session, testCase.scenario, run.failure, options, options.shrinkBudget);
      failures.push({
        testCase,
        failure: run.failure,
        shrunk,
        reasons: referenceReasons(shrunk.scenario, shrunk.reference, shrunk.failure),
        crossed: crossedTokens(shrunk.reference, shrunk.failure),
        like: likeRulesOff(shrunk.scenario, shrunk.failure, options),
      });
    }
    options.onCase?.(i + 1, cases.length);
  }
  return { cases: cases.length, failures, skipped, sentMessages, offered: [...offered] };
}

/**
 * passed, failed; "not checked": escaping, when the adapter sent no messages; "unsupported": every
 * canary of the rule needs an operation the store lacks (the report's n/a).
 */
export type RuleStatus = 'passed' | 'failed' | 'not checked' | 'unsupported';

export interface RuleVerdict {
  rule: CanaryRule;
  title: string;
  status: RuleStatus;
  canaries: number;
  failures: CaseFailure[];
  /** How many of its canaries were not applicable, and the operations they needed. */
  skipped: number;
  lacks: OptionalOp[];
}

/** The operations a set of skipped cases needed, each once, in the protocol's order of first need. */
export function lackedOps(skips: readonly CaseSkip[]): OptionalOp[] {
  return [...new Set(skips.map((s) => s.unsupported.op))];
}

/**
 * One verdict per rule, from its canaries: failed when any failed; n/a when every one needs an
 * operation the store lacks; escaping is "not checked" when the adapter sent no messages.
 */
export function ruleVerdicts(result: SuiteResult, cases: readonly TestCase[]): RuleVerdict[] {
  return CANARY_RULES.map((rule) => {
    const failures = result.failures.filter((f) => f.testCase.canary?.rule === rule);
    const count = cases.filter((c) => c.canary?.rule === rule).length;
    const skips = result.skipped.filter((s) => s.testCase.canary?.rule === rule);
    const status: RuleStatus =
      failures.length > 0
        ? 'failed'
        : count > 0 && skips.length === count
          ? 'unsupported'
          : rule === 'escaping' && !result.sentMessages
            ? 'not checked'
            : 'passed';
    return {
      rule,
      title: ruleTitle(rule),
      status,
      canaries: count,
      failures,
      skipped: skips.length,
      lacks: lackedOps(skips),
    };
  });
}

/** Why a verdict is n/a, or what part of it is, in the report's words; null when all of it was checked. */
export function verdictNote(verdict: RuleVerdict): string | null {
  if (verdict.status === 'not checked') return 'not checked: the adapter sent no "messages"';
  if (verdict.status === 'unsupported') return lacksWords(verdict.lacks);
  if (verdict.skipped > 0)
    return `${verdict.skipped} of ${verdict.canaries} canaries n/a: ${lacksWords(verdict.lacks)}`;
  return null;
}

/**
 * True when every case that ran conformed, and something was checked. With `requireAll`, a case the
 * store could not run (it lacks an operation) is a failure too.
 */
export function conforms(result: SuiteResult, requireAll = false): boolean {
  return (
    result.failures.length === 0 &&
    !checkedNothing(result) &&
    lackedButOffered(result).length === 0 &&
    (!requireAll || result.skipped.length === 0)
  );
}

/**
 * The operations the store answered `{"unsupported":true}` to in one scenario and answered in another:
 * a store either has an operation or not, so those n/a scenarios are a failure, not a missing operation.
 */
export function lackedButOffered(result: SuiteResult): OptionalOp[] {
  const offered = new Set(result.offered ?? []);
  return lackedOps(result.skipped).filter((op) => offered.has(op));
}

/** The report's line for lackedButOffered; null when there is none. */
export function lackedButOfferedWords(result: SuiteResult): string | null {
  const ops = lackedButOffered(result);
  if (ops.length === 0) return null;
  const n = result.skipped.filter((s) => ops.includes(s.unsupported.op)).length;
  return `FAIL  the store answered ${ops.join(' and ')} in some scenarios and {"unsupported":true} to ${ops.length === 1 ? 'it' : 'them'} in ${n} others: a store has an operation or not, so those count as failures`;
}

/** True when no case ran to its end: the store lacks an operation every case needs. */
export function checkedNothing(result: SuiteResult): boolean {
  return result.cases > 0 && result.skipped.length === result.cases;
}
