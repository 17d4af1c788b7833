/**
 * The conformance suite: the canaries, the golden cases and the store lessons' safe side, run against
 * one adapter session; each failing scenario shrunk and diagnosed; a verdict per rule.
 */
import type { Scenario } from '../scenario/scenario';
import type { Rule } from '../store/rules';
import { type Canary, type CanaryRule, CANARY_RULES, canaries, ruleTitle } from './canaries';
import type { CompareOptions } from './compare';
import { crossedTokens, likeRulesOff, referenceReasons } from './diagnose';
import { runScenario, type Session, type Shrunk, shrinkFailure, type StepFailure } from './run';

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

export interface SuiteResult {
  cases: number;
  failures: CaseFailure[];
  /** Whether the adapter sent "messages" in any query answer (escaping is checked only then). */
  sentMessages: boolean;
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
  let sentMessages = false;
  for (let i = 0; i < cases.length; i++) {
    const testCase = cases[i]!;
    options.onStart?.(testCase);
    const run = await runScenario(session, testCase.scenario, options);
    sentMessages ||= run.sentMessages;
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
  return { cases: cases.length, failures, sentMessages };
}

export type RuleStatus = 'passed' | 'failed' | 'not checked';

export interface RuleVerdict {
  rule: CanaryRule;
  title: string;
  status: RuleStatus;
  canaries: number;
  failures: CaseFailure[];
}

/** One verdict per rule, from its canaries; escaping is "not checked" when the adapter sent no messages. */
export function ruleVerdicts(result: SuiteResult, cases: readonly TestCase[]): RuleVerdict[] {
  return CANARY_RULES.map((rule) => {
    const failures = result.failures.filter((f) => f.testCase.canary?.rule === rule);
    const count = cases.filter((c) => c.canary?.rule === rule).length;
    const status: RuleStatus =
      failures.length > 0 ? 'failed' : rule === 'escaping' && !result.sentMessages ? 'not checked' : 'passed';
    return { rule, title: ruleTitle(rule), status, canaries: count, failures };
  });
}

/** True when every case conformed. */
export function conforms(result: SuiteResult): boolean {
  return result.failures.length === 0;
}
