/**
 * The exercises format, in zod: each engine's goals, the `exercises` list a scenario may carry, and a
 * teacher's `solution`. The scenario schemas (scenario/scenario.ts, router/scenario.ts,
 * memtool/scenario.ts) take these as optional fields, so the editor's JSON Schema, generated from zod,
 * completes and diagnoses them like the rest of the scenario.
 */
import * as z from '../zod';
import { RULES } from '../store/rules';
import { MAX_HINTS, MIN_HINTS } from '../limits';
import type { Act, Exercise, MemtoolGoal, RouterGoal, Solution, StoreGoal, VectorGoal } from './types';
import { actLogSchema, actSchema } from './actSchema';

export { actLogSchema, actSchema } from './actSchema';

const step = z.number().check(z.int(), z.gte(1), z.describe('a step of the timeline, counted from 1'));
const user = z.string().check(z.describe('a user ID, such as "alice"'));
const rule = z.enum(RULES).check(z.describe('a rule switch, such as "taskCheck"'));

const stepSelected = z
  .strictObject({ kind: z.literal('stepSelected'), step })
  .check(z.describe('the learner selects this step in the timeline'));

const answerGoals = [
  z
    .strictObject({ kind: z.literal('markLeak'), step })
    .check(z.describe("the learner marks every one of the naive side's rows at this step that leaks, and no other")),
  z
    .strictObject({ kind: z.literal('predictLeak'), step })
    .check(
      z.describe(
        'before seeing this step or a later one, the learner predicts whether its naive side leaks and which item',
      ),
    ),
] as const;

const ruleOffWords = 'with this rule switched off, the scoped request (not the naive list): what the rule keeps out';
/** A store lesson's answer goals: as every engine's, or about the scoped request with the lesson's rule off. */
const storeAnswerGoals = [
  z
    .strictObject({ kind: z.literal('markLeak'), step, rule: z.optional(rule).check(z.describe(ruleOffWords)) })
    .check(z.describe("the learner marks every one of the naive side's rows at this step that leaks, and no other")),
  z
    .strictObject({ kind: z.literal('predictLeak'), step, rule: z.optional(rule).check(z.describe(ruleOffWords)) })
    .check(
      z.describe(
        'before seeing this step or a later one, the learner predicts whether its naive side leaks and which item',
      ),
    ),
] as const;

const storeGoals = [
  stepSelected,
  ...storeAnswerGoals,
  z
    .strictObject({
      kind: z.literal('ruleOff'),
      rule,
      only: z.optional(z.boolean()).check(z.describe('true: every other rule must be on')),
    })
    .check(z.describe('the learner has switched this rule off')),
  z
    .strictObject({ kind: z.literal('naiveLeak'), step, owner: user, to: user })
    .check(z.describe('the naive request at query step `step` carries an item of `owner` to `to`')),
  z
    .strictObject({ kind: z.literal('naiveLeakSelected'), owner: user, to: user })
    .check(z.describe('the selected step is a query whose naive request carries an item of `owner` to `to`')),
  z
    .strictObject({ kind: z.literal('checkGuardsRule'), rule })
    .check(z.describe('a new `expect` assertion is red with this rule off and green with every rule on')),
  z
    .strictObject({ kind: z.literal('newUserLeaks'), to: user })
    .check(z.describe("a new user's item reaches `to`'s naive request while every scoped request of `to` stays clean")),
  z
    .strictObject({
      kind: z.literal('whichRule'),
      step,
      item: z.string().check(z.minLength(1), z.describe('the ID of an item kept out of the request at `step`')),
    })
    .check(z.describe("the learner chooses the rule that keeps `item` out at this step, judged by the store's decide")),
] as const;

const routerGoals = [
  stepSelected,
  ...answerGoals,
  z
    .strictObject({
      kind: z.literal('scorerLeak'),
      step,
      memory: z.optional(z.string()).check(z.describe('the memory ID the naive scorer must have been handed')),
    })
    .check(
      z.describe("at this recall the naive router's scorer was handed a memory of a bank the context may not read"),
    ),
] as const;

const memtoolGoals = [
  stepSelected,
  ...answerGoals,
  z
    .strictObject({
      kind: z.literal('foreignRecord'),
      step,
      org: z.optional(z.string()).check(z.describe('the organisation whose record it must be')),
    })
    .check(z.describe("at this step the naive tool handed back another organisation's record or file")),
] as const;

const vectorGoals = [
  z
    .strictObject({
      kind: z.literal('filterPlace'),
      strategy: z.number().check(z.int(), z.gte(1), z.describe('a strategy of the lesson, counted from 1')),
    })
    .check(z.describe("the learner marks the plan node whose filter drops other owners' rows in this strategy")),
  z
    .strictObject({ kind: z.literal('returnsK') })
    .check(
      z.describe(
        "the learner's query returns k of the principal's rows, hands over no other owner's row, ef_search at its default",
      ),
    ),
] as const;

export const storeGoalSchema = z.discriminatedUnion('kind', [...storeGoals]);
export const routerGoalSchema = z.discriminatedUnion('kind', [...routerGoals]);
export const memtoolGoalSchema = z.discriminatedUnion('kind', [...memtoolGoals]);
export const vectorGoalSchema = z.discriminatedUnion('kind', [...vectorGoals]);

/** A list of exercises whose goals `goal` validates; IDs must be unique (progress is kept by them). */
function exercisesOf<G extends z.ZodMiniType>(goal: G) {
  return z
    .array(
      z.strictObject({
        id: z.string().check(z.minLength(1), z.describe('stable within the lesson: progress is kept by it')),
        task: z.string().check(z.minLength(1), z.describe('what to do, one or two sentences')),
        goal,
        hints: z
          .array(z.string().check(z.minLength(1)))
          .check(
            z.minLength(MIN_HINTS, `too few hints: each exercise has at least ${MIN_HINTS}`),
            z.maxLength(MAX_HINTS, `too many hints: each exercise has at most ${MAX_HINTS}`),
            z.describe('two or three hints, each more specific'),
          ),
        answer: z.string().check(z.minLength(1), z.describe('what "show the answer" reveals')),
        why: z.optional(
          z
            .string()
            .check(
              z.minLength(1),
              z.describe('shown once the task is met: why the answer is right, one or two sentences'),
            ),
        ),
      }),
    )
    .check(
      z.superRefine((list, ctx) => {
        const seen = new Map<string, number>();
        list.forEach((exercise, i) => {
          const earlier = seen.get(exercise.id);
          if (earlier !== undefined)
            ctx.addIssue({
              code: 'custom',
              path: [i, 'id'],
              message: `duplicate exercise id ${exercise.id} (also exercises[${earlier}])`,
            });
          seen.set(exercise.id, i);
        });
      }),
      z.describe('tasks for the learner, each verified from the replay'),
    );
}

export const storeExercisesSchema = exercisesOf(storeGoalSchema);
export const routerExercisesSchema = exercisesOf(routerGoalSchema);
export const memtoolExercisesSchema = exercisesOf(memtoolGoalSchema);
export const vectorExercisesSchema = exercisesOf(vectorGoalSchema);

const pointer = z
  .string()
  .check(
    z.regex(/^(\/[^/]*)*$/, 'expected a JSON Pointer such as "/steps/-" or "/steps/9/expect"'),
    z.describe('a JSON Pointer into the lesson scenario; "-" as the last segment appends to an array'),
  );

export const patchOpSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('add'), path: pointer, value: z.json() }),
  z.strictObject({ op: z.literal('replace'), path: pointer, value: z.json() }),
  z.strictObject({ op: z.literal('remove'), path: pointer }),
]);

const log = z
  .optional(actLogSchema)
  .check(z.describe('the marks, predictions, rule choices and steps seen, in the order made'));

const selectedStep = z
  .optional(z.number().check(z.int(), z.gte(0)))
  .check(z.describe('the step the learner selects (0: none)'));
const storeActs = z
  .strictObject({
    selectedStep,
    rulesOff: z.optional(z.array(rule)).check(z.describe('the rules the learner switches off')),
    log,
  })
  .check(z.describe('what the learner does beside editing: the step selected, the rules switched off'));
const engineActs = z
  .strictObject({ selectedStep, log })
  .check(z.describe('the step the learner selects, and the marks and predictions made'));

/** A solution for a lesson with rule switches (a store lesson). */
export const storeSolutionSchema = z
  .strictObject({
    acts: z.optional(storeActs),
    taskActs: z
      .optional(z.record(z.string(), storeActs))
      .check(z.describe('acts for one task, by its ID, in place of `acts`')),
    patch: z.optional(z.array(patchOpSchema)).check(z.describe("the learner's edit, as a JSON Patch applied in order")),
  })
  .check(z.describe("a teacher's reference solution, which `replay --check --solution` proves meets every goal"));

/** A solution for a lesson without switches (router, memtool): only a selection and an edit. */
export const engineSolutionSchema = z
  .strictObject({
    acts: z.optional(engineActs),
    taskActs: z
      .optional(z.record(z.string(), engineActs))
      .check(z.describe('acts for one task, by its ID, in place of `acts`')),
    patch: z.optional(z.array(patchOpSchema)).check(z.describe("the learner's edit, as a JSON Patch applied in order")),
  })
  .check(z.describe("a teacher's reference solution, which `replay --check --solution` proves meets every goal"));

/** A lesson's exercises kept apart from its scenario (fixtures/exercises/<lesson id>.json). */
export const lessonExercisesSchemas = {
  store: z.strictObject({ exercises: storeExercisesSchema, solution: z.optional(storeSolutionSchema) }),
  router: z.strictObject({ exercises: routerExercisesSchema, solution: z.optional(engineSolutionSchema) }),
  memtool: z.strictObject({ exercises: memtoolExercisesSchema, solution: z.optional(engineSolutionSchema) }),
  vector: z.strictObject({ exercises: vectorExercisesSchema, solution: z.optional(engineSolutionSchema) }),
} as const;

// The zod schemas and the hand-written types in types.ts must agree (a compile error if they drift).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree = <T extends true>(value: T) => value;
agree<Same<z.infer<typeof storeGoalSchema>, StoreGoal>>(true);
agree<Same<z.infer<typeof routerGoalSchema>, RouterGoal>>(true);
agree<Same<z.infer<typeof memtoolGoalSchema>, MemtoolGoal>>(true);
agree<Same<z.infer<typeof vectorGoalSchema>, VectorGoal>>(true);
agree<z.infer<typeof storeExercisesSchema>[number] extends Exercise<StoreGoal> ? true : false>(true);
agree<z.infer<typeof storeSolutionSchema> extends Solution ? true : false>(true);
agree<z.infer<typeof engineSolutionSchema> extends Solution ? true : false>(true);
agree<Same<z.infer<typeof actSchema>, Act>>(true);
