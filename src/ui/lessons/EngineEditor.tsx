/** The editor for a router or memtool lesson: the same Monaco view of a string, its problems, run and reset. */
import { type ComponentType, lazy, Suspense, useRef } from 'react';
import type { Problem } from '../../core/scenario/scenario';
import { Panel } from '../common/Panel';
import { ProblemsList } from '../editor/ProblemsList';
import type { EditorHandle, ScenarioEditorProps } from '../editor/types';
import { useEditorWanted } from '../editor/useEditorWanted';

const LazyMonaco = lazy(() => import('../editor/MonacoEditor'));

interface EngineEditorProps {
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

export function EngineEditor({
  text,
  problems,
  dirty,
  intro,
  path,
  editText,
  run,
  reset,
  Editor = LazyMonaco,
}: EngineEditorProps) {
  const handle = useRef<EditorHandle | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  // As on the playground's page: Monaco loads near the viewport, at a first interaction, or once settled.
  const wanted = useEditorWanted(frame) || Editor !== LazyMonaco;
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
      className="editor-panel"
      intro={intro}
      actions={
        <div className="editor-actions">
          <button type="button" className="primary" onClick={run} aria-keyshortcuts="Control+Enter">
            Run
          </button>
          <button type="button" onClick={reset}>
            Reset to the lesson’s scenario
          </button>
        </div>
      }
    >
      <p className={`editor-status${problems.length > 0 ? ' bad' : dirty ? ' pending' : ''}`} role="status">
        {status}
      </p>
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
                label="Scenario JSON"
                handleRef={handle}
                path={path}
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
