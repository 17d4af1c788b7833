/**
 * A course pack: one JSON file a teacher writes, holding several lessons in order, each with its
 * scenario, its framing words, its exercises and its reference solution. Validated here with zod (the
 * editor's JSON Schema is generated from the same schema), bounded in size before it is parsed, and
 * every problem located by path, line and column. `replay --check --course FILE` proves a pack
 * (prove.ts); the gallery itself is one (fixtures/courses/gallery.course.json, galleryPack.ts).
 */
import * as z from '../zod';
import { MAX_PACK_CHARS, MAX_PACK_LESSONS, MAX_PACK_WORDS_CHARS } from '../limits';
import { type Problem, scenarioSchema } from '../scenario/scenario';
import { routerScenarioSchema } from '../router/scenario';
import { memtoolScenarioSchema } from '../memtool/scenario';
import {
  engineSolutionSchema,
  memtoolExercisesSchema,
  routerExercisesSchema,
  storeExercisesSchema,
  storeSolutionSchema,
} from '../exercises/schema';
import { type LessonParse, parseLesson } from '../router/lessonJson';
import type { LessonKind } from '../lessons/catalogue';
import type { Exercise, Solution } from '../exercises/types';
import { digits } from '../text/digits';

export const COURSE_FORMAT = 'scope-isolation-playground/course';

// The limits live with every other (core/limits.ts); a dozen lessons are well under 1 MB.
export { MAX_PACK_CHARS, MAX_PACK_LESSONS } from '../limits';

const id = z
  .string()
  .check(
    z.regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'expected an ID of lowercase letters, digits and hyphens (at most 100)'),
    z.describe('stable within the pack: progress and links name the lesson by it'),
  );
const words = (what: string) => z.string().check(z.minLength(1), z.maxLength(MAX_PACK_WORDS_CHARS), z.describe(what));

/** What every lesson of a pack says about itself, beside its engine's scenario, exercises and solution. */
const framing = {
  id,
  title: words('the lesson title the page shows'),
  level: z.optional(z.enum(['beginner', 'intermediate', 'advanced'])).check(z.describe('how hard the lesson is')),
  teaches: z.optional(words('what the lesson teaches, one short sentence')),
  buildsOn: z
    .optional(z.array(id))
    .check(z.describe('IDs of earlier lessons of this pack the learner should take first')),
  minutes: z
    .optional(z.number().check(z.int(), z.gte(1), z.lte(600)))
    .check(z.describe('about how long the lesson takes, in minutes, its tasks included')),
  rule: z.optional(words('the rule at stake, one sentence')),
  incident: z.optional(words('the incident the scenario replays, in your words')),
  tryThis: z.optional(words('what the learner should try first')),
};

/** A lesson of one engine: the framing, then that engine's scenario, exercises and solution. */
const lessonOf = <E extends string, S extends z.ZodMiniType, X extends z.ZodMiniType, L extends z.ZodMiniType>(
  engine: E,
  about: string,
  scenario: S,
  exercises: X,
  solution: L,
) =>
  z.strictObject({
    ...framing,
    engine: z.literal(engine).check(z.describe(about)),
    scenario,
    exercises,
    solution: z.optional(solution),
  });

const storeLesson = lessonOf(
  'store',
  'the store: users, tasks, agents and their items',
  scenarioSchema,
  storeExercisesSchema,
  storeSolutionSchema,
);
const routerLesson = lessonOf(
  'router',
  'the memory router of seed 003',
  routerScenarioSchema,
  routerExercisesSchema,
  engineSolutionSchema,
);
const memtoolLesson = lessonOf(
  'memtool',
  'the memory tools of seed 004',
  memtoolScenarioSchema,
  memtoolExercisesSchema,
  engineSolutionSchema,
);

/**
 * A pack carries lessons that replay from their text alone. The vector lesson runs its queries on a
 * shipped database (pgvector in PGlite, fixtures/vector/), which a JSON pack cannot carry: it is taken in
 * the gallery, and a pack's `about` may point to it.
 */
export const packLessonSchema = z
  .discriminatedUnion('engine', [storeLesson, routerLesson, memtoolLesson])
  .check(
    z.describe(
      'a lesson of the store, router or memtool engine; a vector lesson runs on a database a pack cannot carry, so it is taken in the gallery',
    ),
  );

export const coursePackSchema = z
  .strictObject({
    $schema: z.optional(z.string()).check(z.describe('the JSON Schema your editor checks the pack with')),
    format: z.literal(COURSE_FORMAT),
    version: z.literal(1),
    id,
    title: words('the course title'),
    about: z.optional(words('who the course is for and what it covers')),
    lessons: z
      .array(packLessonSchema)
      .check(z.minLength(1), z.maxLength(MAX_PACK_LESSONS), z.describe('the lessons, in the order to take them')),
  })
  .check(
    z.superRefine((pack, ctx) => {
      const seen = new Map<string, number>();
      pack.lessons.forEach((lesson, i) => {
        const earlier = seen.get(lesson.id);
        if (earlier !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['lessons', i, 'id'],
            message: `duplicate lesson id ${lesson.id} (also lessons[${earlier}])`,
          });
        (lesson.buildsOn ?? []).forEach((on, j) => {
          if (!seen.has(on))
            ctx.addIssue({
              code: 'custom',
              path: ['lessons', i, 'buildsOn', j],
              message: `${on} is not an earlier lesson of this pack`,
            });
        });
        if (Object.hasOwn(lesson.scenario, 'exercises') || Object.hasOwn(lesson.scenario, 'solution'))
          ctx.addIssue({
            code: 'custom',
            path: ['lessons', i, 'scenario'],
            message: 'put the exercises and the solution beside the scenario, not inside it',
          });
        seen.set(lesson.id, i);
      });
    }),
  );

/** One lesson of a pack, whatever its engine. */
export interface PackLesson {
  id: string;
  title: string;
  engine: LessonKind;
  level?: 'beginner' | 'intermediate' | 'advanced';
  teaches?: string;
  buildsOn?: string[];
  minutes?: number;
  rule?: string;
  incident?: string;
  tryThis?: string;
  scenario: object;
  exercises: Exercise[];
  solution?: Solution;
}

export interface CoursePack {
  $schema?: string;
  format: typeof COURSE_FORMAT;
  version: 1;
  id: string;
  title: string;
  about?: string;
  lessons: PackLesson[];
}

/**
 * The most bytes a pack's file may hold: each character is at most three bytes of UTF-8, so a file past
 * this holds more than MAX_PACK_CHARS characters, and is refused before it is read.
 */
export const MAX_PACK_FILE_BYTES = 3 * MAX_PACK_CHARS;

/** Why a pack's file of `bytes` bytes (`known`: its size; else: more than arrived) is refused unread. */
export function packFileProblem(bytes: number, known: boolean): string {
  const size = known ? `the pack is ${digits(bytes)} bytes` : `more than ${digits(MAX_PACK_FILE_BYTES)} bytes arrived`;
  return `${size}, more than ${digits(MAX_PACK_CHARS)} characters: a course pack holds at most ${digits(MAX_PACK_CHARS)}`;
}

/**
 * A pack that is not a JSON object (an array, a string, a number), said as what it is at its first
 * character: the schema's own words would call it "the whole scenario". Null for an object, and for
 * text that is not JSON (the parse locates its syntax error).
 */
function notAnObject(text: string): Problem | null {
  const at = text.search(/\S/);
  if (at < 0 || text[at] === '{') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const what = Array.isArray(value) ? 'a JSON array' : value === null ? 'null' : `a ${typeof value}`;
  const before = text.slice(0, at);
  return {
    message: `the pack is ${what}; a course pack is a JSON object ({"format": "${COURSE_FORMAT}", ...})`,
    path: '(the whole pack)',
    line: before.split('\n').length,
    column: at - before.lastIndexOf('\n'),
  };
}

/** Parse a pack's text: its size first, then JSON syntax and nesting, then the schema, every problem located. */
export function parseCoursePack(text: string): LessonParse<CoursePack> {
  if (text.length > MAX_PACK_CHARS)
    return {
      kind: 'invalid',
      problems: [
        {
          message: `the pack is ${digits(text.length)} characters; a course pack holds at most ${digits(MAX_PACK_CHARS)}`,
          path: '(size)',
          line: 1,
          column: 1,
        },
      ],
    };
  const parsed = parseLesson(coursePackSchema as unknown as z.ZodMiniType<CoursePack>, text);
  // Only a problem of the whole text is said again (a syntax error or a nesting too deep keeps its place).
  if (parsed.kind === 'invalid' && parsed.problems.every((p) => p.path === '(the whole scenario)')) {
    const whole = notAnObject(text);
    if (whole !== null) return { kind: 'invalid', problems: [whole] };
  }
  return parsed;
}

/**
 * A lesson's scenario as the page and the command line read it: the scenario with the lesson's exercises
 * (never its solution), two-space indented. Its tasks then drive the Tasks panel like any scenario's own.
 */
export function lessonScenarioText(lesson: PackLesson): string {
  return `${JSON.stringify({ ...lesson.scenario, exercises: lesson.exercises }, null, 2)}\n`;
}
