/**
 * The scenario format (the seed's scenario.json), parsed once at the edge. Everything behind
 * `parseScenario` receives typed data; every problem names its JSON path and, for text, line and column.
 */
import * as z from '../zod';
import { findNodeAtLocation, type Node } from 'jsonc-parser';
import { formatPath, type PathSegment } from './jsonPath';
import { locateAll, type Span, type Target } from './locate';
import { deeperThan, depthProblem, lineIndex, located, MAX_DEPTH, type Problem, syntaxProblem } from './jsonText';
import { acceptScenario } from './shape';
import { gradingSchema } from '../grading/scenarioGrading';
import { storeExercisesSchema, storeSolutionSchema } from '../exercises/schema';
import { MAX_ITEM_TEXT_CHARS, MAX_QUESTION_CHARS } from '../limits';
import { digits } from '../text/digits';

/** Strings with a length limit (limits.ts): refused past it, before any replay, with the limit named. */
const itemText = z
  .string()
  .check(z.maxLength(MAX_ITEM_TEXT_CHARS, `too long: texts are limited to ${digits(MAX_ITEM_TEXT_CHARS)} characters`));
const question = z
  .string()
  .check(
    z.maxLength(MAX_QUESTION_CHARS, `too long: questions are limited to ${digits(MAX_QUESTION_CHARS)} characters`),
  );

const principalTuple = z.tuple([z.string(), z.string(), z.string()], {
  error: 'expected "as" to be [user, task, agent], three strings',
});

export const agentSchema = z.strictObject({
  name: z.string(),
  role: z.string(),
  tools: z.array(z.string()),
  reads: z.array(z.string()),
});

/**
 * What a step expects, checked live (SpiceDB-style assertions). Item lists name item IDs.
 * `rejected` is a text the store's reason must contain ("" accepts any reason).
 */
export const expectSchema = z.strictObject({
  visible: z
    .optional(z.array(z.string()))
    .check(z.describe('exactly the item IDs the scoped request must hold, in order')),
  includes: z.optional(z.array(z.string())).check(z.describe('item IDs the scoped request must hold')),
  excludes: z.optional(z.array(z.string())).check(z.describe('item IDs the scoped request must not hold')),
  naive_leaks: z
    .optional(z.array(z.string()))
    .check(z.describe("exactly the other users' items the naive list must show")),
  rejected: z.optional(z.string()).check(z.describe('the step must be rejected with a reason containing this text')),
  accepted: z.optional(z.literal(true)).check(z.describe('the step must not be rejected')),
});
export type Expect = z.infer<typeof expectSchema>;

const writeStep = z.strictObject({
  op: z.literal('write'),
  as: principalTuple,
  scope: z.string(),
  id: z.string(),
  text: itemText,
  user_id: z
    .optional(z.string())
    .check(z.describe('a payload field naming an owner: the store ignores it, scope keys come from the principal')),
  expect: z.optional(expectSchema),
});
const handoffStep = z.strictObject({
  op: z.literal('handoff'),
  as: principalTuple,
  to: z.string(),
  items: z.array(z.string()),
  brief: itemText,
  expect: z.optional(expectSchema),
});
const queryStep = z.strictObject({
  op: z.literal('query'),
  as: principalTuple,
  current: question,
  expect: z.optional(expectSchema),
});
const closeTaskStep = z.strictObject({
  op: z.literal('close_task'),
  user: z.string(),
  task: z.string(),
  expect: z.optional(expectSchema),
});

const importStep = z.strictObject({
  op: z.literal('import'),
  id: z.string(),
  text: itemText,
  expect: z.optional(expectSchema),
});
const forgetUserStep = z.strictObject({
  op: z.literal('forget_user'),
  user: z.string(),
  expect: z.optional(expectSchema),
});

export const stepSchema = z.discriminatedUnion('op', [
  writeStep,
  handoffStep,
  queryStep,
  closeTaskStep,
  importStep,
  forgetUserStep,
]);

/** A cache that matches questions by similarity (store/semanticCache.ts) instead of the seed's exact key. */
export const semanticCacheSchema = z.strictObject({
  threshold: z
    .number()
    .check(
      z.gte(0),
      z.lte(1),
      z.describe('a cached request is served for a question at least this similar to its own (0 to 1)'),
    ),
});

export const scenarioSchema = z.strictObject({
  agents: z.array(agentSchema),
  configuration: z.array(z.strictObject({ id: z.string(), text: itemText })),
  semanticCache: z
    .optional(semanticCacheSchema)
    .check(z.describe('serve cached requests by word-overlap similarity of the question, not by exact key')),
  steps: z.array(stepSchema),
  grading: z.optional(gradingSchema),
  exercises: z.optional(storeExercisesSchema),
  solution: z.optional(storeSolutionSchema),
});

export type Scenario = z.infer<typeof scenarioSchema>;
export type Step = z.infer<typeof stepSchema>;
export type Op = Step['op'];
export type AgentSpec = z.infer<typeof agentSchema>;

export { formatPath, type PathSegment } from './jsonPath';

export { MAX_DEPTH, TOO_DEEP, lineColumn, lineIndex, type Position, type Problem } from './jsonText';

export type ParseOutcome = { kind: 'ok'; scenario: Scenario } | { kind: 'invalid'; problems: Problem[] };

const KIND: Record<string, string> = {
  undefined: 'nothing',
  null: 'null',
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
};

/** Zod's wording made plain: "missing: expected a string", "expected a string, got a number". */
function plainMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    const got = /received (\w+)/.exec(issue.message)?.[1];
    // A schema's own wording (the "as" tuple's) is already plain; zod's default is rewritten.
    if (got === undefined) return issue.message;
    const want = KIND[issue.expected] ?? issue.expected;
    return got === 'undefined' ? `missing: expected ${want}` : `expected ${want}, got ${KIND[got] ?? got}`;
  }
  if (issue.code === 'invalid_union' && 'options' in issue && Array.isArray(issue.options)) {
    return `expected one of ${issue.options.map((o) => JSON.stringify(o)).join(', ')}`;
  }
  return issue.message;
}

/** Validate an already-parsed value; `locate` places all problems at once when there is text (locateAll). */
export function validateScenario(value: unknown, locate?: (targets: readonly Target[]) => Span[]): ParseOutcome {
  const issues = scenarioIssues(value);
  if (issues === null) {
    const result = scenarioSchema.safeParse(value);
    if (result.success) return { kind: 'ok', scenario: result.data };
    return validateIssues(result.error.issues, locate);
  }
  return validateIssues(issues, locate);
}

/** The scenario's fields in the schema's order, which is the order zod reports their issues in. */
const FIELDS = Object.keys(scenarioSchema.shape);
const BEFORE_STEPS = new Set(FIELDS.slice(0, FIELDS.indexOf('steps')));

/**
 * The schema's issues, the steps checked one at a time; null when there are none. Zod gathers an
 * array's issues with `push(...issues)`, one argument per issue: 100,000 bad steps overflow a small
 * stack (a Web Worker's), so the steps are validated here in a loop and their issues gathered in one.
 */
function scenarioIssues(value: unknown): z.core.$ZodIssue[] | null {
  const fields = value as Record<string, unknown> | null;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields) || !Array.isArray(fields.steps)) {
    const result = scenarioSchema.safeParse(value);
    return result.success ? null : result.error.issues;
  }
  const rest = scenarioSchema.safeParse({ ...fields, steps: [] });
  const others = rest.success ? [] : rest.error.issues;
  const issues: z.core.$ZodIssue[] = [];
  for (const issue of others) if (BEFORE_STEPS.has(String(issue.path[0]))) issues.push(issue);
  const steps: unknown[] = fields.steps;
  for (let i = 0; i < steps.length; i++) {
    const step = stepSchema.safeParse(steps[i]);
    if (step.success) continue;
    for (const issue of step.error.issues) issues.push({ ...issue, path: ['steps', i, ...issue.path] });
  }
  for (const issue of others) if (!BEFORE_STEPS.has(String(issue.path[0]))) issues.push(issue);
  return issues.length === 0 ? null : issues;
}

function validateIssues(
  issues: readonly z.core.$ZodIssue[],
  locate?: (targets: readonly Target[]) => Span[],
): ParseOutcome {
  const targets: Target[] = [];
  const problems = issues.map((issue): Problem => {
    const path = issue.path.filter((s): s is PathSegment => typeof s !== 'symbol');
    const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
    targets.push({ path, key });
    const where = formatPath(key === undefined ? path : [...path, key]);
    const message =
      issue.code === 'unrecognized_keys'
        ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`
        : plainMessage(issue);
    return { message, path: where };
  });
  const spans = locate?.(targets);
  return { kind: 'invalid', problems: spans ? problems.map((problem, i) => ({ ...problem, ...spans[i] })) : problems };
}

/**
 * Locate a JSON path in a syntax tree of the text: the value's span, or for an unknown key the key
 * itself. For many paths prefer locateAll (locate.ts), which needs no tree; this one is the reference
 * it is tested against. The line index is built on the first call, so N calls are not N scans.
 */
export function locator(text: string, root: Node | undefined) {
  let at: ReturnType<typeof lineIndex> | undefined;
  return (path: PathSegment[], key?: string): Omit<Problem, 'message' | 'path'> => {
    if (root === undefined) return {};
    // A missing field has no node: point at the nearest enclosing value that exists.
    let node: Node | undefined;
    for (let n = path.length; node === undefined && n >= 0; n--) node = findNodeAtLocation(root, path.slice(0, n));
    node ??= root;
    if (key !== undefined) {
      const property = node.children?.find((child) => child.children?.[0]?.value === key);
      node = property?.children?.[0] ?? node;
    }
    at ??= lineIndex(text);
    const { message: _m, path: _p, ...span } = located(at, '', '', node.offset, Math.min(node.length, 200));
    return span;
  };
}

/** Parse scenario text: JSON syntax, nesting depth and the schema, each problem located. */
export function parseScenario(text: string): ParseOutcome {
  // JSON.parse first, as parseJson does (jsonText.ts); the depth check runs after the fast acceptance
  // below, which only a value nested no deeper than the schema passes (see shape.ts).
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'invalid', problems: [syntaxProblem(text, (error as Error).message)] };
  }
  // A valid scenario is accepted without zod's per-node work; anything else goes to zod as before.
  if (acceptScenario(value)) return { kind: 'ok', scenario: value as Scenario };
  if (deeperThan(value, MAX_DEPTH)) return { kind: 'invalid', problems: [depthProblem(text)!] };
  return validateScenario(value, (targets) => locateAll(text, targets));
}
