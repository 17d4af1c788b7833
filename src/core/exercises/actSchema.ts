/**
 * The learner's act log in zod (types.ts Act): what a solution carries, and what the page keeps with the
 * progress and writes into its file. Apart from schema.ts, so the page's progress storage reads saved
 * acts without loading every goal's schema.
 */
import * as z from '../zod';
import { KEEPING_RULES } from '../store/visibility';
import { MAX_ACTS } from '../limits';
import { digits } from '../text/digits';

const itemId = z.string().check(z.minLength(1), z.describe('an item ID'));
const actStep = z.number().check(z.int(), z.gte(0), z.describe('a step of the timeline'));

/** One act of the learner's log (types.ts Act), as a solution, the saved progress and its file carry it. */
export const actSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('see'), step: actStep }).check(z.describe('the learner saw this step')),
  z
    .strictObject({ kind: z.literal('mark'), step: actStep, item: itemId })
    .check(z.describe('the learner marked this item of the naive list as leaked')),
  z
    .strictObject({
      kind: z.literal('predict'),
      step: actStep,
      leak: z.nullable(itemId).check(z.describe('the item predicted to leak, or null: none leaks')),
    })
    .check(z.describe('the learner predicted what the naive request of this step leaks')),
  z
    .strictObject({
      kind: z.literal('choose'),
      step: actStep,
      item: itemId,
      rule: z
        .enum(KEEPING_RULES)
        .check(z.describe('the rule chosen: userCheck, taskCheck, agentCheck or declaredReads')),
    })
    .check(z.describe('the learner chose the rule that keeps this item out at this step')),
]);

/** A learner's act log. */
export const actLogSchema = z
  .array(actSchema)
  .check(z.maxLength(MAX_ACTS, `too many acts: a log holds at most ${digits(MAX_ACTS)}`));
