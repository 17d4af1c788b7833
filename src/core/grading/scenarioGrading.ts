/**
 * Grading rules a scenario may give for its own principals (the scenario's optional `grading` field):
 * for each principal, the own fact and the other user's data as regular expressions, matched as the
 * seed's rules are (case-insensitive, Unicode). The seed's two principals have their rules in grade.ts.
 */
import * as z from '../zod';
import { type Answer, type AnswerVerdict, CASES, evidenceWith, gradeWith, type GradingRules } from './answerCheck';
import { type Segment, segments } from './segments';
import { IDENTIFIER_PATTERN } from '../store/entities';
import { refuseProto } from './refuseProto';

/** Flags of every grading pattern: the seed's re.I, with JavaScript's Unicode mode. */
export const GRADING_FLAGS = 'iu';

const PRINCIPAL_KEY = new RegExp(`^${IDENTIFIER_PATTERN}/${IDENTIFIER_PATTERN}/${IDENTIFIER_PATTERN}$`);

/** Why `source` cannot grade an answer, or null when it can. */
export function patternProblem(source: string): string | null {
  let pattern: RegExp;
  try {
    pattern = new RegExp(source, GRADING_FLAGS);
  } catch (error) {
    return `not a regular expression: ${(error as Error).message}`;
  }
  // A pattern that matches nothing at all would match every answer: every answer would pass or fail.
  if (pattern.test('')) return 'matches the empty text, so it would match every answer';
  return null;
}

const patternSchema = (what: string) =>
  z.string().check(
    z.superRefine((source, ctx) => {
      const problem = patternProblem(source);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: `${what}: ${problem}` });
    }),
    z.describe(`${what}, a regular expression matched case-insensitively`),
  );

const rulesSchema = z.strictObject({
  own: patternSchema("the user's own fact"),
  other: patternSchema("the other user's data"),
});

/**
 * principal name ("carol/task-3/planner") to its rules. A "__proto__" key would be dropped by zod
 * without a word, so it is refused instead (refuseProto, before the record sees it).
 */
export const gradingSchema = z
  .pipe(
    refuseProto('the name "__proto__" is not a principal'),
    z.record(z.string().check(z.regex(PRINCIPAL_KEY)), rulesSchema, {
      error: (issue) =>
        issue.code === 'invalid_key' ? 'expected a principal as "user/task/agent", each part an identifier' : undefined,
    }),
  )
  .check(
    z.describe(
      'Grading rules for answers to this scenario\'s principals: "user/task/agent": {"own": regex, "other": regex}.',
    ),
  );

export type Grading = z.infer<typeof gradingSchema>;

/** Whose rules grade an answer: the scenario's for this principal, else the seed's, else none. */
export type RulesOutcome = { kind: 'rules'; source: 'scenario' | 'seed'; rules: GradingRules } | { kind: 'none' };

/**
 * The rules for `principal` ("user/task/agent"). The scenario's entry comes first, so a scenario whose
 * Bob has another plan can grade him by it; without one the seed's two principals keep the seed's rules.
 */
export function rulesFor(principal: string, grading: Grading | undefined): RulesOutcome {
  const own = grading !== undefined && Object.hasOwn(grading, principal) ? grading[principal] : undefined;
  if (own !== undefined) {
    return {
      kind: 'rules',
      source: 'scenario',
      rules: [new RegExp(own.own, GRADING_FLAGS), new RegExp(own.other, GRADING_FLAGS)],
    };
  }
  const seed = CASES.get(principal);
  return seed === undefined ? { kind: 'none' } : { kind: 'rules', source: 'seed', rules: seed };
}

/** A live answer graded the way the recorded ones are, or shown as it is when no rules grade it. */
export type LiveGrade =
  | { kind: 'graded'; source: 'scenario' | 'seed'; verdict: AnswerVerdict; reason: string; segments: Segment[] }
  | { kind: 'ungraded'; segments: Segment[] };

/** Grade `answer` from `principal` with the scenario's rules, else the seed's; ungraded without either. */
export function gradeLive(
  principal: string,
  answer: Pick<Answer, 'answer' | 'tool_calls'>,
  grading: Grading | undefined,
): LiveGrade {
  const outcome = rulesFor(principal, grading);
  if (outcome.kind === 'none') return { kind: 'ungraded', segments: segments(answer.answer, []) };
  const [verdict, reason] = gradeWith(outcome.rules, answer);
  return {
    kind: 'graded',
    source: outcome.source,
    verdict,
    reason,
    segments: segments(answer.answer, evidenceWith(outcome.rules, answer.answer)),
  };
}
