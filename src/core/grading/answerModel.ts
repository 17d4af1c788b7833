/**
 * The pinned model of the recording (recorded/answer-model.json, the seed's answer_check.py `record`):
 * its file, the sampling limits, and the check that the server's model under the pinned tag is the
 * pinned build. Pure: the command line (and the browser) fetch and read around these functions.
 */
import * as z from '../zod';
import { parseTree, type Node as JsonNode } from 'jsonc-parser';
import { parseJson } from '../scenario/jsonText';

/** The seed's NUM_CTX and NUM_PREDICT. */
export const NUM_CTX = 2048;
export const NUM_PREDICT = 160;

/** recorded/answer-model.json: the pinned build and its sampling options. Other fields are kept as they are. */
export const answerModelSchema = z.looseObject({
  ollama_tag: z.string().check(z.minLength(1)),
  ollama_digest: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'expected 64 lowercase hex digits')),
  options: z.looseObject({ temperature: z.number(), top_k: z.number().check(z.int()), top_p: z.number() }),
  think: z.boolean(),
  seeds: z.array(z.number().check(z.int())).check(z.minLength(1)),
});
export type AnswerModel = z.infer<typeof answerModelSchema>;

/** A path into a JSON value: object keys and array indexes. */
export type JsonPath = ReadonlyArray<string | number>;

export type ModelOutcome =
  { kind: 'ok'; model: AnswerModel; floats: JsonPath[] } | { kind: 'invalid'; problems: string[] };

/** Parse answer-model.json. `floats` are the numbers written as floats (1.0), which JSON.parse turns into 1. */
export function parseAnswerModel(text: string): ModelOutcome {
  // The project's one JSON reader: its depth limit keeps parseTree below (floatPaths) from recursing without bound.
  const json = parseJson(text);
  if (json.kind === 'invalid') {
    const { line, column, message } = json.problem;
    return { kind: 'invalid', problems: [`${line ?? 1}:${column ?? 1}: ${message}`] };
  }
  const value = json.value;
  const parsed = answerModelSchema.safeParse(value);
  if (!parsed.success) {
    return {
      kind: 'invalid',
      problems: parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
    };
  }
  // The parsed text, not zod's output: zod puts the schema's keys first, and the file keeps the pin's order.
  return { kind: 'ok', model: value as AnswerModel, floats: floatPaths(text) };
}

function floatPaths(text: string): JsonPath[] {
  const out: JsonPath[] = [];
  // The text is JSON that JSON.parse accepted: its tree has a root, every container its children and
  // every property its key and value.
  const walk = (node: JsonNode, path: JsonPath): void => {
    if (node.type === 'number' && /[.eE]/.test(text.slice(node.offset, node.offset + node.length))) out.push(path);
    if (node.type === 'object') {
      for (const prop of node.children!) {
        const [key, value] = prop.children as [JsonNode, JsonNode];
        walk(value, [...path, key.value as string]);
      }
    }
    if (node.type === 'array') node.children!.forEach((child, i) => walk(child, [...path, i]));
  };
  walk(parseTree(text)!, []);
  return out;
}

/** The parts of Ollama's GET /api/tags reply used here. */
export const tagsReplySchema = z.object({
  models: z.array(z.looseObject({ name: z.string(), model: z.optional(z.string()), digest: z.string() })),
});
export type TagsReply = z.infer<typeof tagsReplySchema>;

export type DigestCheck =
  | { kind: 'pinned'; digest: string }
  | { kind: 'absent'; message: string }
  | { kind: 'other'; digest: string; message: string };

// Ollama lists the manifest digest as bare hex; "sha256:" is stripped in case a server spells it out.
const bare = (digest: string) => digest.toLowerCase().replace(/^sha256:/, '');

/** Is the model the server holds under the pinned tag the pinned build? Checked before any chat request. */
export function checkDigest(model: AnswerModel, tags: TagsReply): DigestCheck {
  const tag = model.ollama_tag;
  const listed = tags.models.find((m) => m.name === tag || m.model === tag);
  if (listed === undefined) {
    return { kind: 'absent', message: `the server has no model ${tag} (pinned digest ${model.ollama_digest})` };
  }
  const digest = bare(listed.digest);
  if (digest === bare(model.ollama_digest)) return { kind: 'pinned', digest };
  return {
    kind: 'other',
    digest,
    message: `the server's ${tag} has digest ${digest}, but the pinned build is ${model.ollama_digest}`,
  };
}
