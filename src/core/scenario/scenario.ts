/**
 * The scenario format (the seed's scenario.json), parsed once at the edge. Everything behind
 * `parseScenario` receives typed data; every problem names its JSON path and, for text, line and column.
 */
import { z } from 'zod';
import { type ParseError, parse as parseJsonc, parseTree, findNodeAtLocation, type Node } from 'jsonc-parser';
import { formatPath, type PathSegment } from './jsonPath';
import { acceptScenario } from './shape';
import { gradingSchema } from '../grading/scenarioGrading';
import { storeExercisesSchema, storeSolutionSchema } from '../exercises/schema';

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
  visible: z.array(z.string()).optional().describe('exactly the item IDs the scoped request must hold, in order'),
  includes: z.array(z.string()).optional().describe('item IDs the scoped request must hold'),
  excludes: z.array(z.string()).optional().describe('item IDs the scoped request must not hold'),
  naive_leaks: z.array(z.string()).optional().describe("exactly the other users' items the naive list must show"),
  rejected: z.string().optional().describe('the step must be rejected with a reason containing this text'),
  accepted: z.literal(true).optional().describe('the step must not be rejected'),
});
export type Expect = z.infer<typeof expectSchema>;

const writeStep = z.strictObject({
  op: z.literal('write'),
  as: principalTuple,
  scope: z.string(),
  id: z.string(),
  text: z.string(),
  user_id: z
    .string()
    .optional()
    .describe('a payload field naming an owner: the store ignores it, scope keys come from the principal'),
  expect: expectSchema.optional(),
});
const handoffStep = z.strictObject({
  op: z.literal('handoff'),
  as: principalTuple,
  to: z.string(),
  items: z.array(z.string()),
  brief: z.string(),
  expect: expectSchema.optional(),
});
const queryStep = z.strictObject({
  op: z.literal('query'),
  as: principalTuple,
  current: z.string(),
  expect: expectSchema.optional(),
});
const closeTaskStep = z.strictObject({
  op: z.literal('close_task'),
  user: z.string(),
  task: z.string(),
  expect: expectSchema.optional(),
});

export const stepSchema = z.discriminatedUnion('op', [writeStep, handoffStep, queryStep, closeTaskStep]);

export const scenarioSchema = z.strictObject({
  agents: z.array(agentSchema),
  configuration: z.array(z.strictObject({ id: z.string(), text: z.string() })),
  steps: z.array(stepSchema),
  grading: gradingSchema.optional(),
  exercises: storeExercisesSchema.optional(),
  solution: storeSolutionSchema.optional(),
});

export type Scenario = z.infer<typeof scenarioSchema>;
export type Step = z.infer<typeof stepSchema>;
export type Op = Step['op'];
export type AgentSpec = z.infer<typeof agentSchema>;

export { formatPath, type PathSegment } from './jsonPath';

/** One located problem with a scenario. Lines and columns count from 1. */
export interface Problem {
  message: string;
  path: string;
  /** The same path as segments, where it is known. */
  segments?: PathSegment[];
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
}

export type ParseOutcome = { kind: 'ok'; scenario: Scenario } | { kind: 'invalid'; problems: Problem[] };

/** Deeper JSON than this is refused before parsing, so no parser recurses without bound. */
export const MAX_DEPTH = 64;

const SYNTAX: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":"',
  CommaExpected: 'expected "," or a closing bracket',
  CloseBraceExpected: 'expected "}"',
  CloseBracketExpected: 'expected "]"',
  EndOfFileExpected: 'unexpected text after the end of the JSON value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'control character inside a string (escape it)',
};
const CODE_NAMES = [
  '',
  'InvalidSymbol',
  'InvalidNumberFormat',
  'PropertyNameExpected',
  'ValueExpected',
  'ColonExpected',
  'CommaExpected',
  'CloseBraceExpected',
  'CloseBracketExpected',
  'EndOfFileExpected',
  'InvalidCommentToken',
  'UnexpectedEndOfComment',
  'UnexpectedEndOfString',
  'UnexpectedEndOfNumber',
  'InvalidUnicode',
  'InvalidEscapeCharacter',
  'InvalidCharacter',
];

/** Line and column (from 1, in UTF-16 units as editors count) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line += 1;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

function located(text: string, message: string, path: string, offset: number, length: number): Problem {
  const from = lineColumn(text, offset);
  const to = lineColumn(text, offset + Math.max(length, 1));
  return { message, path, line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
}

/** Offset of the first bracket nested deeper than MAX_DEPTH, or -1. Strings are skipped. */
function tooDeep(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 91 || c === 123) {
      if (++depth > MAX_DEPTH) return i;
    } else if (c === 93 || c === 125) depth--;
  }
  return -1;
}

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

/** True when `value` holds arrays or objects nested more than `levels` deep (the root counts as one). */
function deeperThan(value: unknown, levels: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (levels === 0) return true;
  if (Array.isArray(value)) return value.some((child) => deeperThan(child, levels - 1));
  for (const key in value) if (deeperThan((value as Record<string, unknown>)[key], levels - 1)) return true;
  return false;
}

/** Validate an already-parsed value; `locate` maps a JSON path to a position when there is text. */
export function validateScenario(
  value: unknown,
  locate?: (path: PathSegment[], key?: string) => Omit<Problem, 'message' | 'path'>,
): ParseOutcome {
  const result = scenarioSchema.safeParse(value);
  if (result.success) return { kind: 'ok', scenario: result.data };
  const problems = result.error.issues.map((issue): Problem => {
    const path = issue.path.filter((s): s is PathSegment => typeof s !== 'symbol');
    const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
    const where = formatPath(key === undefined ? path : [...path, key]);
    const message =
      issue.code === 'unrecognized_keys'
        ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`
        : plainMessage(issue);
    return { message, path: where, ...locate?.(path, key) };
  });
  return { kind: 'invalid', problems };
}

/** Locate a JSON path in parsed text: the value's span, or for an unknown key the key itself. */
export function locator(text: string, root: Node | undefined) {
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
    const { message: _m, path: _p, ...span } = located(text, '', '', node.offset, Math.min(node.length, 200));
    return span;
  };
}

/** Parse scenario text: JSON syntax, nesting depth and the schema, each problem located. */
export function parseScenario(text: string): ParseOutcome {
  const tooDeepProblem = (): ParseOutcome | undefined => {
    const deep = tooDeep(text);
    if (deep === -1) return undefined;
    return {
      kind: 'invalid',
      problems: [located(text, `JSON nested deeper than ${MAX_DEPTH} levels`, '(syntax)', deep, 1)],
    };
  };
  // JSON.parse first: jsonc-parser is ten times slower on large files and is needed only to locate
  // a syntax error. Both accept exactly JSON (same whitespace, escapes and numbers), so this is the
  // same outcome as checking with jsonc-parser first. For the same reason the depth check scans the
  // text only when JSON.parse failed or the parsed value is too deep (its brackets are the text's).
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const deep = tooDeepProblem();
    if (deep !== undefined) return deep;
    const errors: ParseError[] = [];
    parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    if (errors.length > 0) {
      return {
        kind: 'invalid',
        // Only the first: a parser that recovers reports every later token as another error.
        problems: errors
          .slice(0, 1)
          .map((e) =>
            located(
              text,
              `JSON syntax: ${SYNTAX[CODE_NAMES[e.error] ?? ''] ?? 'invalid JSON'}`,
              '(syntax)',
              e.offset,
              e.length,
            ),
          ),
      };
    }
    return {
      kind: 'invalid',
      problems: [{ message: `JSON syntax: ${(error as Error).message}`, path: '(syntax)', line: 1, column: 1 }],
    };
  }
  // A valid scenario is accepted without zod's per-node work; anything else goes to zod as before.
  // An accepted value is nested no deeper than the schema (see shape.ts), so it needs no depth check.
  if (acceptScenario(value)) return { kind: 'ok', scenario: value as Scenario };
  if (deeperThan(value, MAX_DEPTH)) return tooDeepProblem()!;
  // The syntax tree is built only when a problem needs a line and column.
  let locate: ReturnType<typeof locator> | undefined;
  return validateScenario(value, (path, key) => (locate ??= locator(text, parseTree(text)))(path, key));
}
