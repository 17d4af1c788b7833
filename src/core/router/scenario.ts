/**
 * The router lesson's scenario format: the router's contexts, its two banks, and steps (recall,
 * remember, replace_bank), parsed once at the edge with strict objects so a typo is a located problem.
 */
import * as z from '../zod';
import { lessonReaders } from './lessonJson';
import { engineSolutionSchema, routerExercisesSchema } from '../exercises/schema';

export const routerMemorySchema = z.strictObject({
  memory_id: z.string(),
  content: z.string(),
  source_id: z.string().check(z.describe('the reviewed document this memory was projected from')),
});

export const routerPolicySchema = z.strictObject({
  context_id: z.optional(z.string()).check(z.describe('named in a refused write; "default" when missing')),
  read_banks: z
    .optional(z.array(z.string()))
    .check(z.describe('banks this context may read: general, private (default: general)')),
  write_bank: z.optional(z.string()).check(z.describe('general, private or "deny" (default: deny)')),
});

/** What a step expects, checked live. Lists name memory IDs, in order. */
export const routerExpectSchema = z.strictObject({
  results: z.optional(z.array(z.string())).check(z.describe("exactly the router's results, in rank order")),
  naive_results: z.optional(z.array(z.string())).check(z.describe("exactly the naive router's results, in rank order")),
  scored: z.optional(z.array(z.string())).check(z.describe('exactly the memories the scorer was handed, in order')),
  naive_scored: z
    .optional(z.array(z.string()))
    .check(z.describe("exactly the memories the naive router's scorer was handed, in order")),
  stored: z.optional(z.boolean()).check(z.describe('whether remember stored the memory')),
  rejected: z.optional(z.string()).check(z.describe('the step must fail with an error containing this text')),
});
export type RouterExpect = z.infer<typeof routerExpectSchema>;

const note = z.optional(z.string()).check(z.describe('what this step shows, for the reader'));

const recallStep = z.strictObject({
  op: z.literal('recall'),
  context: z.string().check(z.describe('the context key; an unrecognised one gets the default policy')),
  query: z.string(),
  limit: z.optional(z.number().check(z.int())).check(z.describe('at most this many results (default 5)')),
  note,
  expect: z.optional(routerExpectSchema),
});
const rememberStep = z.strictObject({
  op: z.literal('remember'),
  context: z.string(),
  memory: routerMemorySchema,
  note,
  expect: z.optional(routerExpectSchema),
});
const replaceBankStep = z.strictObject({
  op: z.literal('replace_bank'),
  bank: z.string(),
  memories: z
    .array(routerMemorySchema)
    .check(z.describe("the bank's new contents, rebuilt from its reviewed authority")),
  note,
  expect: z.optional(routerExpectSchema),
});

export const routerStepSchema = z.discriminatedUnion('op', [recallStep, rememberStep, replaceBankStep]);

export const routerScenarioSchema = z.strictObject({
  title: z.optional(z.string()),
  contexts: z
    .record(z.string(), routerPolicySchema)
    .check(z.describe('recognised contexts by key, each with its policy')),
  banks: z.strictObject({
    general: z.optional(z.array(routerMemorySchema)),
    private: z.optional(z.array(routerMemorySchema)),
  }),
  steps: z.array(routerStepSchema),
  exercises: z.optional(routerExercisesSchema),
  solution: z.optional(engineSolutionSchema),
});

export type RouterScenario = z.infer<typeof routerScenarioSchema>;
export type RouterStep = z.infer<typeof routerStepSchema>;
export type RouterMemorySpec = z.infer<typeof routerMemorySchema>;

/** Validate an already-parsed router scenario, or parse its text: every problem carries its path, line and column. */
export const { validate: validateRouterScenario, parse: parseRouterScenario } = lessonReaders(routerScenarioSchema);
