/** Edit the scenario JSON, run it, see its problems; the last good timeline stays until a run is valid. */
import type { ComponentType } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { usePlayground } from '../common/playground';
import { EditorFrame } from './EditorFrame';
import { UndoReset } from './UndoReset';
import type { ScenarioEditorProps } from './types';
import { useEditorLink } from './editorLink';

export function EditorPanel({ Editor }: { Editor?: ComponentType<ScenarioEditorProps> }) {
  const { text, problems, rejections, warnings, dirty, running, editText, run, reset, index, stepTo } = usePlayground(
    useShallow((s) => ({
      text: s.text,
      problems: s.problems,
      rejections: s.rejections,
      warnings: s.checkFailures,
      dirty: s.text !== s.ranText,
      running: s.running !== null,
      editText: s.editText,
      run: s.run,
      reset: s.reset,
      index: s.index,
      stepTo: s.stepTo,
    })),
  );
  // Shared with the checks panel when the page provides a link, so a failure can be shown in the text.
  const handle = useEditorLink() ?? undefined;
  return (
    <EditorFrame
      text={text}
      problems={problems}
      rejections={rejections}
      warnings={warnings}
      dirty={dirty}
      running={running}
      intro="The scenario as JSON: agents, app items from configuration, and the steps. Completion (Ctrl+Space) and inline errors come from its schema. Your edit is kept in this browser."
      resetLabel="Reset to the seed scenario"
      editText={editText}
      run={run}
      reset={reset}
      handleRef={handle}
      step={index}
      onStep={stepTo}
      Editor={Editor}
    >
      <UndoReset />
    </EditorFrame>
  );
}
