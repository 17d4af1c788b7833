/**
 * The scenario format as JSON Schema (draft 7, which editors' JSON services understand), generated
 * from the zod schema so an editor's completion and diagnostics can never drift from the parser.
 */
import * as z from '../zod';
import { scenarioSchema } from './scenario';
import { routerScenarioSchema } from '../router/scenario';
import { memtoolScenarioSchema } from '../memtool/scenario';

type Json = { [key: string]: unknown };

const STEP_HELP: Record<string, string> = {
  write: 'A principal [user, task, agent] writes a user, task or agent item. The store takes the owner from "as".',
  handoff: 'A principal hands chosen item IDs and a brief to another agent in the same task; they are copied.',
  query: 'A principal asks a question: the scoped request and the naive global list are both built.',
  close_task: "Delete every task and agent item of this user's task.",
  import: 'A system import stores a user item with no owner: no user, task or agent.',
  forget_user: 'Forget a user: delete every item of theirs, in every scope and task.',
};

function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null ? (value as Json) : undefined;
}

/** The scenario's JSON Schema, with short descriptions for the editor's hovers and completion. */
export function scenarioJsonSchema(): Json {
  const schema = z.toJSONSchema(scenarioSchema, { target: 'draft-7' }) as Json;
  schema.title = 'Scope isolation scenario';
  schema.description = 'Agents, app items from configuration, and the steps to replay in order.';
  const props = asObject(schema.properties);
  const agents = asObject(asObject(asObject(props?.agents)?.items)?.properties);
  const reads = asObject(agents?.reads);
  if (reads) {
    reads.description = 'Scopes this agent reads: app, user, task, agent. It must read its own agent scope.';
    const items = asObject(reads.items);
    if (items) items.examples = ['app', 'user', 'task', 'agent'];
  }
  const variants = asObject(asObject(props?.steps)?.items)?.oneOf;
  for (const variant of Array.isArray(variants) ? variants : []) {
    const fields = asObject(asObject(variant)?.properties);
    const op = asObject(fields?.op)?.const;
    if (typeof op === 'string' && STEP_HELP[op]) (variant as Json).description = STEP_HELP[op];
    const as = asObject(fields?.as);
    if (as) as.description = 'The principal: [user, task, agent].';
    const scope = asObject(fields?.scope);
    if (scope) {
      scope.description = 'user, task or agent. Principals cannot write app items.';
      scope.examples = ['user', 'task', 'agent'];
    }
  }
  return schema;
}

/** The router lesson's scenario format as JSON Schema, for the editor of that lesson. */
export function routerJsonSchema(): Json {
  return titled(
    routerScenarioSchema,
    'Memory router scenario',
    'Contexts with their policies, the general and private banks, and the steps: recall, remember, replace_bank.',
  );
}

/** The memtool lesson's scenario format as JSON Schema, for the editor of that lesson. */
export function memtoolJsonSchema(): Json {
  return titled(
    memtoolScenarioSchema,
    'Memory tool scenario',
    "Sessions, the shared store's records, memory files and links, the agent's context, and the tool calls it made.",
  );
}

/** A lesson's scenario format as draft-7 JSON Schema, with the title and description the editor shows. */
function titled(format: z.ZodMiniType, title: string, description: string): Json {
  const schema = z.toJSONSchema(format, { target: 'draft-7' }) as Json;
  schema.title = title;
  schema.description = description;
  return schema;
}
