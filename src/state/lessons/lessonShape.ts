/**
 * What every lesson's store offers, whatever its kind: one name per idea. The store lesson's state
 * (state/playgroundState.ts) and the router, memtool and vector lessons' (kitStore.ts) both extend it,
 * so an idea both have is named, and typed, once. What only one kind has (principals and compare for
 * the store; the kit's actors and sides) stays in its own.
 */
import type { Problem } from '../../core/scenario/scenario';

export interface LessonStoreShape {
  /** The text in the editor, run or not. */
  text: string;
  /** The text the view on screen was replayed from. */
  ranText: string;
  /** Problems of the last run; empty when it was valid. */
  problems: Problem[];
  /** The entry in view: 0 is the configuration, K the K-th step. */
  index: number;
  /** Something to tell the learner (storage, a restarted engine), or null. */
  notice: string | null;

  /** Keep what the learner typed (and save it); the view changes only on run. */
  editText(text: string): void;
  /** Replace the editor text with `text` and run it. */
  loadScenario(text: string): void;
  /**
   * Replay `text` as an imported file: a valid one becomes the editor's text and the view; an invalid one
   * changes nothing and its located problems come back (null: a later run or import took its place).
   */
  importScenario(text: string): Promise<Problem[] | null>;
  /** Replay the editor text; a valid scenario replaces the view, an invalid one only lists problems. */
  run(): void;
  /** Go back to the lesson's own scenario and forget the saved edit. */
  reset(): void;
  /** Look at entry `index` (clamped). */
  stepTo(index: number): void;
  next(): void;
  previous(): void;
  first(): void;
  last(): void;
  /** Ask `question` instead of the step's own; null or blank goes back to the step's. */
  askQuestion(question: string | null): void;
  dismissNotice(): void;
  /** Resolves once the engine has answered every request sent so far. */
  settled(): Promise<void>;
}
