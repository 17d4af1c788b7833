/**
 * The memtool lesson's scenario format: sessions (who each request runs as), the shared memory store,
 * the memory files and links, the agent's context (where an injected ticket sits), and the tool calls
 * the agent made. Parsed once at the edge, strict, every problem located.
 */
import * as z from '../zod';
import { lessonReaders } from '../router/lessonJson';
import type { PathSegment } from '../scenario/scenario';
import { normalizePosix } from './posix';
import { engineSolutionSchema, memtoolExercisesSchema } from '../exercises/schema';

const identifier = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]+$/, 'expected letters, digits, "_" or "-" (it names a directory)'));

export const principalSchema = z.strictObject({
  org_id: identifier,
  user_id: identifier,
  roles: z.optional(z.array(z.string())).check(z.describe('"admin" may delete any record of its organisation')),
});

export const recordSchema = z.strictObject({
  id: z.string(),
  org_id: identifier,
  user_id: identifier,
  text: z.string(),
});

export const messageSchema = z.strictObject({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  source: z.optional(z.string()).check(z.describe('where the text came from, e.g. "ticket 44812"')),
  text: z.string(),
});

/** What a step expects, checked live: exact response texts, or the IDs of the records a search returned. */
export const memtoolExpectSchema = z.strictObject({
  safe: z.optional(z.string()).check(z.describe("exactly the safe tool's response text")),
  naive: z.optional(z.string()).check(z.describe("exactly the naive tool's response text")),
  safe_records: z
    .optional(z.array(z.string()))
    .check(z.describe('exactly the record IDs the safe search returned, in order')),
  naive_records: z
    .optional(z.array(z.string()))
    .check(z.describe('exactly the record IDs the naive search returned, in order')),
});
export type MemtoolExpect = z.infer<typeof memtoolExpectSchema>;

const call = <Op extends string>(op: Op) =>
  z.strictObject({
    op: z.literal(op),
    session: z
      .nullable(z.string())
      .check(z.describe('the session the request runs in; null when no principal was established')),
    args: z.record(z.string(), z.json()).check(z.describe('the arguments exactly as the model wrote them')),
    note: z.optional(z.string()),
    expect: z.optional(memtoolExpectSchema),
  });

export const memtoolStepSchema = z.discriminatedUnion('op', [
  call('search_memory'),
  call('forget_memory'),
  call('view_memory_file'),
]);

const canonical = (path: string) => path.startsWith('/') && normalizePosix(path) === path && !path.endsWith('/');

/** A problem the schema's own checks found, at `path`. */
const custom = (path: PathSegment[], message: string) =>
  // Stryker disable next-line StringLiteral: a problem reads only its path and message; zod's code is never shown
  ({ code: 'custom', path, message }) as const;

export const memtoolScenarioSchema = z
  .strictObject({
    title: z.optional(z.string()),
    sessions: z
      .record(z.string(), principalSchema)
      .check(z.describe('named sessions, each established by authentication')),
    memories: z.array(recordSchema),
    files: z
      .optional(z.record(z.string(), z.string()))
      .check(z.describe('memory files by absolute path, e.g. /memories/org/user/notes.md')),
    links: z
      .optional(z.record(z.string(), z.string()))
      .check(z.describe('symbolic links by absolute path, to an absolute or relative target')),
    context: z.optional(z.array(messageSchema)).check(z.describe("the agent's context when it made the calls")),
    steps: z.array(memtoolStepSchema),
    exercises: z.optional(memtoolExercisesSchema),
    solution: z.optional(engineSolutionSchema),
  })
  .check(
    z.superRefine((scenario, ctx) => {
      const seen = new Map<string, number>();
      scenario.memories.forEach((record, i) => {
        const earlier = seen.get(record.id);
        if (earlier !== undefined)
          ctx.addIssue(custom(['memories', i, 'id'], `duplicate memory id ${record.id} (also memories[${earlier}])`));
        seen.set(record.id, i);
      });
      for (const field of ['files', 'links'] as const) {
        for (const path of Object.keys(scenario[field] ?? {})) {
          if (!canonical(path))
            ctx.addIssue(
              custom([field, path], 'expected an absolute, normalized path such as /memories/org_1/usr_1/notes.md'),
            );
        }
      }
      const sessions = new Set(Object.keys(scenario.sessions));
      scenario.steps.forEach((step, i) => {
        if (step.session !== null && !sessions.has(step.session))
          ctx.addIssue(custom(['steps', i, 'session'], `unknown session "${step.session}"`));
      });
    }),
  );

export type MemtoolScenario = z.infer<typeof memtoolScenarioSchema>;
export type MemtoolStep = z.infer<typeof memtoolStepSchema>;
export type ContextMessage = z.infer<typeof messageSchema>;

/** Validate an already-parsed memtool scenario, or parse its text: every problem carries its path, line and column. */
export const { validate: validateMemtoolScenario, parse: parseMemtoolScenario } = lessonReaders(memtoolScenarioSchema);
