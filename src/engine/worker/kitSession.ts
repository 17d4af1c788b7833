/**
 * A router, memtool or vector lesson's session: its kit (core/kits/kit.ts), the last good timeline, and
 * the look on it. Each answer is a view model; the timeline never leaves. The same session answers in
 * the worker (serve.ts) and in the page's thread (localKit.ts: the unit tests, a worker given up).
 */
import type { LessonKit } from '../../core/kits/kit';
import { routerKit } from '../../core/router/kit';
import { memtoolKit } from '../../core/memtool/kit';
import { parseVectorScenario } from '../../core/vector/scenario';
import { type VectorDatabase, vectorKit } from '../../core/vector/kit';
import { unjudged } from './lastParse';
import type { ActorOf, KitKind, KitLook, KitRunReply, KitServed, KitShown, ViewOf } from '../kitProtocol';
import type { Judged } from '../protocol';

/** How the vector lesson's database is opened where the session runs. */
export type OpenVectorDb = () => Promise<VectorDatabase>;

function kitOf<K extends KitKind>(kind: K, openDb: OpenVectorDb): LessonKit<unknown, ActorOf<K>, ViewOf<K>> {
  const kits = { router: routerKit, memtool: memtoolKit, vector: kind === 'vector' ? vectorKit(openDb) : null };
  return kits[kind] as unknown as LessonKit<unknown, ActorOf<K>, ViewOf<K>>;
}

const NOT_RUN = 'The scenario has not run yet.';

export function createKitSession<K extends KitKind>(kind: K, openDb: OpenVectorDb): KitServed<K> {
  type A = ActorOf<K>;
  type V = ViewOf<K>;
  const kit = kitOf(kind, openDb);
  let timeline: unknown = null;
  let look: KitLook<A> | null = null;
  /** Runs asked for: an answer that arrives after a later run was asked for is not applied. */
  let asked = 0;

  const clamp = (t: unknown, index: number) => Math.max(0, Math.min(index, kit.size(t) - 1));
  /** Moving onto an entry selects who its step acts as, and its own query. */
  const arrive = (t: unknown, index: number, actor: A, query: string | null): KitLook<A> => {
    const at = clamp(t, index);
    const chosen = kit.stepActor(t, at);
    return chosen === undefined ? { index: at, actor, query } : { index: at, actor: chosen, query: null };
  };
  const shown = (): KitShown<A, V> => {
    if (timeline === null || look === null) throw new Error('the session has no timeline yet');
    return { look, view: kit.view(timeline, look.index, look.actor, look.query) };
  };

  return {
    run(text, mode) {
      const number = ++asked;
      const apply = (outcome: Awaited<ReturnType<typeof kit.replay>>): KitRunReply<A, V> => {
        if (outcome.kind === 'invalid') return outcome;
        const t = outcome.timeline;
        const placed: KitLook<A> =
          mode !== 'keep'
            ? { ...mode.restore, index: clamp(t, mode.restore.index) }
            : look === null
              ? arrive(t, 0, kit.defaultActor(t), null)
              : { ...look, index: clamp(t, look.index) };
        // A run a later one superseded is answered (the page drops it) but never becomes the session's.
        if (number === asked) {
          timeline = t;
          look = placed;
        }
        const screen = {
          ranText: text,
          size: kit.size(t),
          steps: kit.steps(t),
          checks: { safe: kit.checks(t, 'safe'), naive: kit.checks(t, 'naive') },
          ownTasks: kit.ownTasks(text),
          actors: kit.actors(t),
        };
        return {
          kind: 'ok',
          screen,
          shown: { look: placed, view: kit.view(t, placed.index, placed.actor, placed.query) },
        };
      };
      const outcome = kit.replay(text);
      return outcome instanceof Promise ? outcome.then(apply) : apply(outcome);
    },
    move(move) {
      if (timeline === null || look === null) throw new Error('the session has no timeline yet');
      if (move.kind === 'step') look = arrive(timeline, move.index, look.actor, look.query);
      else if (move.kind === 'actAs') look = { ...look, actor: move.actor };
      else {
        const trimmed = move.query?.trim() ?? '';
        look = { ...look, query: trimmed === '' ? null : trimmed };
      }
      return shown();
    },
    verify({ exercises, acts }) {
      if (timeline === null) return unjudged(exercises, NOT_RUN);
      return kit.verify(exercises, timeline, acts);
    },
  };
}

/** A saved text of a lesson not open, judged for its done mark (the vector lesson's only parsed: its checks need the database). */
export function judgeKit(kind: KitKind, text: string): Judged {
  if (kind === 'vector') {
    const parsed = parseVectorScenario(text);
    return parsed.kind === 'ok' ? { kind: 'ok', checks: [] } : { kind: 'invalid', problems: parsed.problems.length };
  }
  const kit = kitOf(kind, () => Promise.reject(new Error('no database here')));
  const outcome = kit.replay(text) as Awaited<ReturnType<typeof kit.replay>>;
  return outcome.kind === 'ok'
    ? { kind: 'ok', checks: kit.checks(outcome.timeline, 'safe') }
    : { kind: 'invalid', problems: outcome.problems.length };
}
