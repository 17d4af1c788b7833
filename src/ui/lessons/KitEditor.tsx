/** The editor for a router or memtool lesson: the shared editor frame over the lesson store's text. */
import type { ComponentType } from 'react';
import type { Problem } from '../../core/scenario/scenario';
import { EditorFrame } from '../editor/EditorFrame';
import type { ScenarioEditorProps } from '../editor/types';

interface KitEditorProps {
  text: string;
  problems: readonly Problem[];
  dirty: boolean;
  intro: string;
  /** Monaco's model path: it picks the JSON schema for completion and hovers. */
  path: string;
  editText(text: string): void;
  run(): void;
  reset(): void;
  Editor?: ComponentType<ScenarioEditorProps>;
}

export function KitEditor(props: KitEditorProps) {
  return <EditorFrame {...props} resetLabel="Reset to the lesson’s scenario" />;
}
