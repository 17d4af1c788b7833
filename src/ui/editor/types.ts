import type { RefObject } from 'react';
import type { Problem } from '../../core/scenario/scenario';

/** What the editor panel can ask of whichever editor it shows. */
export interface EditorHandle {
  /** Put the cursor at a line and column (from 1) and focus the editor there. */
  reveal(line: number, column: number): void;
}

/** An editor is a view of a string held in the store: it shows `value` and reports edits. */
export interface ScenarioEditorProps {
  value: string;
  onChange(text: string): void;
  /** Ctrl/Cmd+Enter inside the editor. */
  onRun(): void;
  problems: readonly Problem[];
  /** Failed checks located in the text: marked as warnings, apart from the problems. */
  warnings?: readonly Problem[];
  label: string;
  handleRef: RefObject<EditorHandle | null>;
  /** The model's file name, which picks its JSON schema (default scenario.json, the store's scenario). */
  path?: string;
  /** The step selected in the timeline (0: the configuration), highlighted and numbered in the text. */
  step?: number;
  /** The learner moved the caret into a step's JSON: select it. Without it, the text has no step link. */
  onStep?(step: number): void;
  /**
   * A task about step K+1 is pending: the steps after K show their `note` and `expect` masked (the text is
   * not changed). Infinity or absent: nothing is masked.
   */
  maskAfter?: number;
}
