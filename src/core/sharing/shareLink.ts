/**
 * Share links: the playground's whole state in the URL fragment, compressed (lz-string) and versioned,
 * so a link made today still opens after the format changes. A link is untrusted input: it is size-capped
 * before decompression, validated with a schema, and its scenario text goes through the editor's parser.
 */
import { compressToEncodedURIComponent } from 'lz-string';
import { decompressBounded } from './boundedDecompress';
import * as z from '../zod';
import { RULES, type Rule } from '../store/rules';
import {
  MAX_LINK_CHARS,
  MAX_LINK_ID_CHARS,
  MAX_LINK_JSON_CHARS,
  MAX_QUESTION_CHARS,
  MAX_SCENARIO_BYTES,
} from '../limits';
import { digits } from '../text/digits';

/** The current link format. Older versions are upgraded by `upgrade`. */
export const SHARE_VERSION = 1;
/**
 * MAX_LINK_CHARS (core/limits.ts) is the longest fragment accepted or produced. lz-string can expand a
 * crafted input quadratically, so the cap also bounds what a hostile link can cost; longer states are
 * shared as a file. MAX_LINK_JSON_CHARS is the most a link may decompress to: a scenario at its limit and
 * the rest of the state. Under the cap a crafted link can still decompress to tens of megabytes (a
 * 12,500-character one to a 20 MB question, in about 40 ms); past this it is refused before it is
 * parsed, let alone rendered.
 */
export { MAX_LINK_CHARS, MAX_LINK_JSON_CHARS } from '../limits';

const identifier = z
  .string()
  .check(z.maxLength(MAX_LINK_ID_CHARS, `too long: IDs in a link are limited to ${MAX_LINK_ID_CHARS} characters`));
const shareStateV1 = z.strictObject({
  scenario: z
    .string()
    .check(
      z.maxLength(
        MAX_SCENARIO_BYTES,
        `too long: scenarios are limited to ${digits(MAX_SCENARIO_BYTES)} bytes (typed, pasted, imported or linked)`,
      ),
    ),
  step: z.number().check(z.int(), z.gte(0)),
  principal: z.nullable(z.strictObject({ user: identifier, task: identifier, agent: identifier })),
  question: z.nullable(
    z
      .string()
      .check(
        z.maxLength(MAX_QUESTION_CHARS, `too long: questions are limited to ${digits(MAX_QUESTION_CHARS)} characters`),
      ),
  ),
  rulesOff: z.array(z.enum(RULES)),
  lesson: z.nullable(z.string().check(z.maxLength(100))),
  /**
   * Who a router or memtool lesson acts as: a router context, or a memtool session (null: no principal).
   * Optional, so v1 links made before it existed still open.
   */
  actor: z.optional(
    z.union([
      z.strictObject({ context: z.string().check(z.maxLength(200)) }),
      z.strictObject({ session: z.nullable(z.string().check(z.maxLength(200))) }),
    ]),
  ),
  /**
   * What the workbench shows: the open dock tab (or phone pane) and whether the editor is open, so a
   * teacher can link "step 9, Why tab open". Optional, so links made before it existed still open.
   */
  view: z.optional(
    z.strictObject({ tab: z.optional(z.string().check(z.maxLength(40))), editor: z.optional(z.boolean()) }),
  ),
});

export type ShareState = z.infer<typeof shareStateV1>;

export type ShareLink = { kind: 'ok'; fragment: string } | { kind: 'too-long'; length: number };

/** "#v1.<compressed>", or too-long when the link would exceed MAX_LINK_CHARS. */
export function encodeShare(state: ShareState): ShareLink {
  const fragment = `#v${SHARE_VERSION}.${compressToEncodedURIComponent(JSON.stringify(state))}`;
  return fragment.length > MAX_LINK_CHARS ? { kind: 'too-long', length: fragment.length } : { kind: 'ok', fragment };
}

export type OpenedLink =
  { kind: 'none' } | { kind: 'clean' } | { kind: 'shared'; state: ShareState } | { kind: 'error'; message: string };

/** Bring an older link's payload to the current shape (none yet: v1 is the first). */
function upgrade(version: number, payload: unknown): unknown {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: both branches are the payload until v2 exists
  return version === SHARE_VERSION ? payload : payload;
}

/** Read a location fragment: a share link, the clean-start address "#clean", or nothing. */
export function decodeShare(hash: string): OpenedLink {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (fragment === '') return { kind: 'none' };
  if (fragment === 'clean') return { kind: 'clean' };
  const match = /^v(\d+)\.(.*)$/s.exec(fragment);
  if (match === null) return { kind: 'error', message: 'This link is not a playground share link.' };
  const version = Number(match[1]);
  if (version > SHARE_VERSION || version < 1) {
    return {
      kind: 'error',
      message: `This link uses format v${version}; this playground reads up to v${SHARE_VERSION}.`,
    };
  }
  if (fragment.length > MAX_LINK_CHARS) {
    return {
      kind: 'error',
      message: `This link is ${digits(fragment.length)} characters long; links are limited to ${digits(MAX_LINK_CHARS)}.`,
    };
  }
  // Decompressed with a bound: a crafted link stops costing anything once it passes what a link may hold.
  const decompressed = decompressBounded(match[2]!, MAX_LINK_JSON_CHARS);
  if (decompressed.kind === 'damaged')
    return { kind: 'error', message: 'This link is damaged: its data cannot be decompressed.' };
  if (decompressed.kind === 'too-long') {
    return {
      kind: 'error',
      message: `This link holds more than ${digits(MAX_LINK_JSON_CHARS)} characters once decompressed; links are limited to that.`,
    };
  }
  const json = decompressed.text;
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    return { kind: 'error', message: 'This link is damaged: its data is not JSON.' };
  }
  const parsed = shareStateV1.safeParse(upgrade(version, payload));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {
      kind: 'error',
      message: `This link's data is invalid at ${issue.path.join('.') || 'the top'}: ${issue.message}`,
    };
  }
  return { kind: 'shared', state: parsed.data };
}

/** The rules a share link switches off, as the store's rule set input. */
export function rulesOffOf(state: ShareState): Rule[] {
  return [...new Set(state.rulesOff)];
}
