/** Edit the scenario JSON, run it, see its problems; the last good timeline stays until a run is valid. */
import { type ComponentType, lazy, Suspense, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Panel } from '../common/Panel';
import { usePlayground } from '../common/playground';
import { ProblemsList } from './ProblemsList';
import { UndoReset } from './UndoReset';
import { useEditorWanted } from './useEditorWanted';
import type { EditorHandle, ScenarioEditorProps } from './types';
import { useEditorLink } from '../checks/editorLink';

const LazyMonaco = lazy(() => import('./MonacoEditor'));

export function EditorPanel({ Editor = LazyMonaco }: { Editor?: ComponentType<ScenarioEditorProps> }) {
  const { text, problems, warnings, dirty, editText, run, reset } = usePlayground(
    useShallow((s) => ({
      text: s.text,
      problems: s.problems,
      warnings: s.checkFailures,
      dirty: s.text !== s.ranText,
      editText: s.editText,
      run: s.run,
      reset: s.reset,
    })),
  );
  // Shared with the checks panel when the page provides a link, so a failure can be shown in the text.
  const own = useRef<EditorHandle | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  // Monaco loads once wanted (near the viewport, a first interaction, or the page settled); a stand-in
  // editor passed in (tests) is wanted at once.
  const wanted = useEditorWanted(frame) || Editor !== LazyMonaco;
  const handle = useEditorLink() ?? own;

  const status =
    problems.length > 0
      ? `The scenario has ${problems.length} problem${problems.length === 1 ? '' : 's'}: the timeline above still shows the last good run.`
      : dirty
        ? 'Edited: run it to replay the scenario.'
        : 'The timeline shows this scenario.';

  return (
    <Panel
      title="Scenario editor"
      id="editor"
      tour="editor"
      className="editor-panel"
      intro="The scenario as JSON: agents, app items from configuration, and the steps. Completion (Ctrl+Space) and inline errors come from its schema. Your edit is kept in this browser."
      actions={
        <div className="editor-actions">
          <button type="button" className="primary" onClick={run} aria-keyshortcuts="Control+Enter">
            Run
          </button>
          <button type="button" onClick={reset}>
            Reset to the seed scenario
          </button>
        </div>
      }
    >
      <p className={`editor-status${problems.length > 0 ? ' bad' : dirty ? ' pending' : ''}`} role="status">
        {status}
      </p>
      <UndoReset />
      <div className="editor-grid">
        <div className="editor-frame" ref={frame}>
          <Suspense fallback={<p className="muted">Loading the editor…</p>}>
            {!wanted ? (
              <p className="muted">Loading the editor…</p>
            ) : (
              <Editor
                value={text}
                onChange={editText}
                onRun={run}
                problems={problems}
                warnings={warnings}
                label="Scenario JSON"
                handleRef={handle}
              />
            )}
          </Suspense>
          <p className="hint">
            Ctrl+Enter runs. In the editor, Tab indents: press Ctrl+M first to move focus with Tab instead.
          </p>
        </div>
        <Panel title={`Problems (${problems.length})`} level={3} className="problems-panel">
          <ProblemsList problems={problems} onSelect={(p) => handle.current?.reveal(p.line ?? 1, p.column ?? 1)} />
        </Panel>
      </div>
    </Panel>
  );
}
