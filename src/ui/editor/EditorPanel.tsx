/** Edit the scenario JSON, run it, see its problems; the last good timeline stays until a run is valid. */
import type { ComponentType } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { usePlayground } from '../common/playground';
import type { PlaygroundState } from '../../state/playgroundState';
import { EditorFrame } from './EditorFrame';
import { UndoReset } from './UndoReset';
import type { ScenarioEditorProps } from './types';
import { useEditorLink } from './editorLink';

/** What the editor frame reads of the playground store, under the frame's own prop names. */
const frameState = (s: PlaygroundState) => ({
  text: s.text,
  problems: s.problems,
  rejections: s.rejections,
  warnings: s.checkFailures,
  dirty: s.text !== s.ranText,
  running: s.running !== null,
  editText: s.editText,
  run: s.run,
  reset: s.reset,
  step: s.index,
  onStep: s.stepTo,
});

export function EditorPanel({ Editor }: { Editor?: ComponentType<ScenarioEditorProps> }) {
  const state = usePlayground(useShallow(frameState));
  // Shared with the checks panel when the page provides a link, so a failure can be shown in the text.
  const handle = useEditorLink() ?? undefined;
  return (
    <EditorFrame
      {...state}
      intro="The scenario as JSON: agents, app items from configuration, and the steps. Completion (Ctrl+Space) and inline errors come from its schema. Your edit is kept in this browser."
      resetLabel="Reset to the seed scenario"
      handleRef={handle}
      Editor={Editor}
    >
      <UndoReset />
    </EditorFrame>
  );
}
