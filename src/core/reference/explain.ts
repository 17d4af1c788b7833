/**
 * The explainer's reference readers, used only by tests: every item's verdict rebuilt from every item
 * on each call, written as plainly as the rule reads. The page uses the index's readers
 * (timeline/timelineIndex.ts explainSplit, explainItemsAt), and timelineIndex.test.ts checks that they
 * equal these at every step.
 */
import type { Agent, Principal } from '../store/entities';
import type { Timeline } from '../replay/replayText';
import { decide } from '../store/visibility';
import { deletedBecause, type Explained, type Explanation, reasonFor } from '../explain/explain';

/**
 * Every item the store has held up to entry `index`, with its verdict for `principal` and the reason.
 * Deleted items are listed with the step that deleted them.
 */
export function explain(timeline: Timeline, index: number, principal: Principal): Explanation[] {
  const agent: Agent | undefined = timeline.agents.find((a) => a.name === principal.agent);
  return timeline.lives
    .filter((life) => life.addedAt <= index)
    .map((life): Explanation => {
      const { item } = life;
      if (life.removedAt !== null && life.removedAt <= index) {
        return {
          life,
          item,
          status: 'deleted',
          verdict: null,
          because: deletedBecause(timeline, life.removedAt),
        };
      }
      if (agent === undefined)
        return {
          life,
          item,
          status: 'out',
          verdict: null,
          because: `unknown agent ${principal.agent}: it reads nothing`,
        };
      const verdict = decide(item, principal, agent, timeline.rules);
      return {
        life,
        item,
        status: verdict.visible ? 'in' : 'out',
        verdict,
        because: reasonFor(verdict, item, principal),
      };
    });
}

/**
 * The items in the store after entry `index`, with their verdicts. Null when the principal's agent
 * is not configured (the request itself is then rejected).
 */
export function explainAt(timeline: Timeline, index: number, principal: Principal): Explained[] | null {
  if (!timeline.agents.some((a) => a.name === principal.agent)) return null;
  return explain(timeline, index, principal).flatMap((e) =>
    e.verdict === null ? [] : [{ item: e.item, verdict: e.verdict, because: e.because }],
  );
}
