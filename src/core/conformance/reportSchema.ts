/**
 * The shape of `conform --json`'s report, as a zod schema: conformance/report.schema.json is generated
 * from it (`node --import tsx scripts/report-schema.ts`), and jsonReport.ts builds reports of it.
 */
import * as z from '../zod';

/** Bumped when a field changes meaning or goes away (a new field is not a new version). */
export const REPORT_SCHEMA_VERSION = 1;
/** The schema's `$id`, which each report names in its `$schema`; it ends with the version. */
export const REPORT_SCHEMA_ID = 'urn:scope-isolation-playground:conform-report:1';
/** Where the generated JSON Schema is committed. */
export const REPORT_SCHEMA_PATH = 'conformance/report.schema.json';

/** Most characters of one string in the report (an adapter's answer, a reason, a line). */
export const MAX_TEXT = 2_000;
/** Most entries of one list of IDs, reasons or lines; the total is given beside it. */
export const MAX_LIST = 100;

const count = z.int().check(z.nonnegative());
const text = z.string().check(z.maxLength(MAX_TEXT + 1));
const list = z.array(text).check(z.maxLength(MAX_LIST));

const failureSchema = z.strictObject({
  /** "c07 (leak)", "golden case-012", "lesson attacks", as the text report names it. */
  case: text,
  kind: z.enum(['canary', 'golden', 'lesson']),
  name: text,
  /** A canary's rule; null for a golden case or a lesson. */
  rule: z.nullable(text),
  /** A canary's description; null otherwise. */
  canary: z.nullable(text),
  firstFailingStep: count,
  steps: count,
  shrunk: z.strictObject({ steps: count, failingStep: count, line: text }),
  mismatch: z.enum(['accepted', 'refused', 'wrong-answer', 'items', 'order', 'messages', 'unsupported']),
  adapter: text,
  reference: text,
  extra: list,
  extraTotal: count,
  missing: list,
  missingTotal: count,
  reasons: list,
  crossed: list,
  /** Rules the reference would switch off to answer as the adapter did. */
  likeRulesOff: list,
  /** The shrunk scenario's file, and the share link that opens it at the failing step (null: too long). */
  scenarioFile: text,
  link: z.nullable(z.string()),
  /** The text report's lines for this failure. */
  text: list,
});

const ruleSchema = z.strictObject({
  rule: text,
  title: text,
  status: z.enum(['pass', 'fail', 'n/a']),
  /** Why a rule is n/a ("the store has no import"), or which of its canaries are; null otherwise. */
  note: z.nullable(text),
  canaries: count,
  failures: z.array(failureSchema),
});

const groupSchema = z.strictObject({
  kind: z.enum(['golden', 'lesson']),
  cases: z.array(
    z.strictObject({
      case: text,
      name: text,
      status: z.enum(['pass', 'fail', 'n/a']),
      /** Why a case is n/a: "the store has no import"; null otherwise. */
      note: z.nullable(text),
    }),
  ),
  failures: z.array(failureSchema),
});

export const conformReportSchema = z.strictObject({
  $schema: z.literal(REPORT_SCHEMA_ID),
  schemaVersion: z.literal(REPORT_SCHEMA_VERSION),
  tool: z.strictObject({ name: z.literal('conform'), version: z.string() }),
  /**
   * conforms: exit 0 (n/a rules aside); failed: exit 1 (a failure, nothing checked, or n/a under
   * --require-all); broken: the adapter could not be run or broke the protocol, exit 2.
   */
  outcome: z.enum(['conforms', 'failed', 'broken']),
  exitCode: count,
  durationMs: count,
  options: z.strictObject({ anyOrder: z.boolean(), requireAll: z.boolean(), cases: z.array(z.string()) }),
  rules: z.array(ruleSchema),
  groups: z.array(groupSchema),
  likelyBroken: z.nullable(text),
  summary: z.strictObject({
    scenarios: count,
    failed: count,
    /** Scenarios not applicable: the store answered {"unsupported":true} to an operation they need. */
    notApplicable: count,
    /** The operations the store said it does not offer. */
    unsupportedOps: z.array(text),
    rules: count,
    rulesConforming: count,
    rulesNotApplicable: count,
  }),
  /** What broke the run (outcome "broken"); null otherwise. */
  error: z.nullable(
    z.strictObject({
      message: text,
      case: z.nullable(text),
      step: z.nullable(count),
      op: z.nullable(text),
      stderrTail: list,
    }),
  ),
  /** The full text report's file; null when the run broke before it was written. */
  reportFile: z.nullable(text),
});

export type ConformReport = z.infer<typeof conformReportSchema>;
export type FailureEntry = z.infer<typeof failureSchema>;
export type RuleEntry = z.infer<typeof ruleSchema>;

/** The schema as JSON Schema (draft 7, as the project's other schemas), with its `$id`. */
export function reportJsonSchema(): Record<string, unknown> {
  // A failure is described once, under definitions, for the rules and the groups alike.
  const names = z.registry<{ id: string }>();
  names.add(failureSchema, { id: 'failure' });
  const schema = z.toJSONSchema(conformReportSchema, { target: 'draft-7', metadata: names }) as Record<string, unknown>;
  return {
    $schema: schema.$schema,
    $id: REPORT_SCHEMA_ID,
    title: 'Scope isolation conformance report',
    description:
      'The report of `conform --json`: a verdict per rule, the golden cases and store lessons, and each failure with its shrunk scenario.',
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema')),
  };
}
