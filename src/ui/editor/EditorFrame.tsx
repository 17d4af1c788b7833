/**
 * The scenario editor's frame, shared by the playground's page and the router and memtool lessons: Run and
 * Reset, the status line, the lazily loaded editor, its hint and the Problems list beside it. The pages
 * differ only in what they pass: where the text lives, the reset's wording, the schema (`path`).
 */
import { count } from '../../core/text/plural';
import { type ComponentType, lazy, type ReactNode, type RefObject, Suspense, useId, useMemo, useRef } from 'react';
import { sortedByLine } from '../../core/checks/rejections';
import type { Problem } from '../../core/scenario/scenario';
import { Panel } from '../common/Panel';
import { ProblemsList } from './ProblemsList';
import type { EditorHandle, ScenarioEditorProps } from './types';
import { useEditorWanted } from './useEditorWanted';
import { useReveal } from '../common/exercisesContext';

const LazyMonaco = lazy(() => import('./StagedMonaco').then((m) => m.loadEditor()));
const NONE: readonly Problem[] = [];

export interface EditorFrameProps {
  text: string;
  problems: readonly Problem[];
  /** Of a valid run: the steps the store rejected unexpectedly, located (shown when there are no problems). */
  rejections?: readonly Problem[];
  /** Failed checks located in the text, marked apart from the problems. */
  warnings?: readonly Problem[];
  /** The text differs from the one the timeline on screen was replayed from. */
  dirty: boolean;
  /** The engine is replaying the scenario (in its worker): the page answers, a second Run takes its place. */
  running?: boolean;
  intro: string;
  /** The reset button's label: what it goes back to. */
  resetLabel: string;
  /** Monaco's model path: it picks the JSON schema for completion and hovers. */
  path?: string;
  editText(text: string): void;
  run(): void;
  reset(): void;
  /** A handle shared with another panel (the checks' "show in the text"); else the frame keeps its own. */
  handleRef?: RefObject<EditorHandle | null>;
  /** Between the status line and the editor (the playground's undo of a reset). */
  children?: ReactNode;
  /** The step selected in the timeline, and how the editor selects one (the store's playground only). */
  step?: number;
  onStep?(step: number): void;
  /** A stand-in editor (tests); Monaco, loaded lazily, by default. */
  Editor?: ComponentType<ScenarioEditorProps>;
}

/** The status line's words: a run under way, problems, an unrun edit, unexpected rejections, else the timeline matches the text. */
export function editorStatus(problems: number, dirty: boolean, rejections = 0, running = false): string {
  if (running) return 'Running… the timeline above shows the last run until this one ends.';
  if (problems > 0)
    return `The scenario has ${count(problems, 'problem')}: the timeline above still shows the last good run.`;
  if (dirty) return 'Edited: run it to replay the scenario.';
  if (rejections > 0)
    return `The timeline shows this scenario; the store rejected ${rejections === 1 ? 'a step' : 'steps'} it did not expect to (see Problems).`;
  return 'The timeline shows this scenario.';
}

export function EditorFrame({
  text,
  problems,
  rejections = NONE,
  warnings,
  dirty,
  running = false,
  intro,
  resetLabel,
  path,
  editText,
  run,
  reset,
  handleRef,
  children,
  step,
  onStep,
  Editor = LazyMonaco,
}: EditorFrameProps) {
  const own = useRef<EditorHandle | null>(null);
  const statusId = useId();
  const handle = handleRef ?? own;
  const frame = useRef<HTMLDivElement>(null);
  // Monaco loads once wanted (near the viewport, a first interaction, or the page settled); a stand-in
  // editor passed in (tests) is wanted at once.
  const wanted = useEditorWanted(frame) || Editor !== LazyMonaco;
  // While a task is pending, later steps' notes would tell its answer (core/exercises/reveal.ts).
  const maskAfter = useReveal()?.notesUpTo ?? Infinity;
  const loading = <p className="muted">Loading the editor…</p>;
  // An invalid run lists its own problems; a valid one, the steps the store rejected unexpectedly.
  const shown = useMemo(() => sortedByLine(problems.length > 0 ? problems : rejections), [problems, rejections]);
  return (
    <Panel
      title="Scenario editor"
      id="editor"
      tour="editor"
      className="editor-panel"
      intro={intro}
      actions={
        <div className="editor-actions">
          <button
            type="button"
            className="primary"
            onClick={run}
            aria-keyshortcuts="Control+Enter"
            aria-describedby={running ? statusId : undefined}
          >
            Run
          </button>
          <button type="button" onClick={reset}>
            {resetLabel}
          </button>
        </div>
      }
    >
      <p
        id={statusId}
        className={`editor-status${running ? ' pending' : problems.length > 0 ? ' bad' : dirty ? ' pending' : ''}`}
        role="status"
      >
        {editorStatus(problems.length, dirty, rejections.length, running)}
      </p>
      {children}
      <div className="editor-grid">
        <div className="editor-frame" ref={frame}>
          <Suspense fallback={loading}>
            {!wanted ? (
              loading
            ) : (
              <Editor
                value={text}
                onChange={editText}
                onRun={run}
                problems={shown}
                warnings={warnings}
                label="Scenario JSON"
                handleRef={handle}
                path={path}
                step={step}
                maskAfter={maskAfter}
                onStep={onStep}
              />
            )}
          </Suspense>
          <p className="hint">
            Ctrl+Enter runs. In the editor, Tab indents: press Ctrl+M first to move focus with Tab instead.
          </p>
        </div>
        <Panel title={`Problems (${shown.length})`} level={3} className="problems-panel">
          <ProblemsList problems={shown} onSelect={(p) => handle.current?.reveal(p.line ?? 1, p.column ?? 1)} />
        </Panel>
      </div>
    </Panel>
  );
}
