/**
 * Parsing a lesson's scenario text with that lesson's own zod schema. JSON syntax and nesting problems
 * come from the main scenario parser (so their wording cannot drift from the main editor's); schema
 * problems are located by path, line and column the same way. Shared by the router and memtool lessons.
 */
import type * as z from '../zod';
import { MAX_DEPTH, type PathSegment, type Problem, formatPath, parseScenario } from '../scenario/scenario';
import { locateAll, type Span, type Target } from '../scenario/locate';

/** A lesson scenario, parsed; or every problem found, located. */
export type LessonParse<T> = { kind: 'ok'; scenario: T } | { kind: 'invalid'; problems: Problem[] };

type Locate = (targets: readonly Target[]) => Span[];

/** The main parser's syntax problems for text JSON.parse refused (or too deep for it to be read safely). */
function syntaxProblems(text: string, fallback: string): Problem[] {
  const outcome = parseScenario(text);
  const syntax = outcome.kind === 'invalid' ? outcome.problems.filter((problem) => problem.path === '(syntax)') : [];
  return syntax.length > 0 ? syntax : [{ message: `JSON syntax: ${fallback}`, path: '(syntax)', line: 1, column: 1 }];
}

/**
 * Walk a parsed value without recursion: is it nested deeper than MAX_DEPTH, and where is an own
 * "__proto__" key? zod silently drops such a key from a record, so it is reported here instead.
 */
function shape(value: unknown): { tooDeep: boolean; proto: PathSegment[] | null } {
  const stack: Array<{ value: unknown; path: PathSegment[] }> = [{ value, path: [] }];
  let proto: PathSegment[] | null = null;
  while (stack.length > 0) {
    const { value: node, path } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (path.length + 1 > MAX_DEPTH) return { tooDeep: true, proto };
    if (Array.isArray(node)) node.forEach((child, i) => stack.push({ value: child, path: [...path, i] }));
    else {
      for (const key of Object.keys(node)) {
        if (key === '__proto__') proto ??= path;
        stack.push({ value: (node as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  return { tooDeep: false, proto };
}

/** Validate an already-parsed value against a lesson schema; `locate` adds line and column when there is text. */
export function validateLesson<T>(schema: z.ZodMiniType<T>, value: unknown, locate?: Locate): LessonParse<T> {
  const { proto } = shape(value);
  if (proto !== null) {
    return {
      kind: 'invalid',
      problems: [
        {
          message: 'the key "__proto__" is not allowed',
          path: formatPath([...proto, '__proto__']),
          segments: proto,
          ...locate?.([{ path: proto, key: '__proto__' }])[0],
        },
      ],
    };
  }
  const result = schema.safeParse(value);
  if (result.success) return { kind: 'ok', scenario: result.data };
  const targets: Target[] = [];
  const problems = result.error.issues.map((issue): Problem => {
    const path = issue.path.filter((s): s is PathSegment => typeof s !== 'symbol');
    const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
    targets.push({ path, key });
    const message =
      issue.code === 'unrecognized_keys'
        ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`
        : issue.message;
    return { message, path: formatPath(key === undefined ? path : [...path, key]), segments: path };
  });
  const spans = locate?.(targets);
  return { kind: 'invalid', problems: spans ? problems.map((problem, i) => ({ ...problem, ...spans[i] })) : problems };
}

/** Parse lesson scenario text: JSON syntax, nesting depth and the schema, each problem located. */
export function parseLesson<T>(schema: z.ZodMiniType<T>, text: string): LessonParse<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'invalid', problems: syntaxProblems(text, (error as Error).message) };
  }
  if (shape(value).tooDeep)
    return { kind: 'invalid', problems: syntaxProblems(text, `nested deeper than ${MAX_DEPTH} levels`) };
  return validateLesson(schema, value, (targets) => locateAll(text, targets));
}

/** A lesson format's two readers: of an already-parsed value, and of its text (each problem located). */
export function lessonReaders<T>(schema: z.ZodMiniType<T>): {
  validate(value: unknown): LessonParse<T>;
  parse(text: string): LessonParse<T>;
} {
  return { validate: (value) => validateLesson(schema, value), parse: (text) => parseLesson(schema, text) };
}
