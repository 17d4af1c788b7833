/** Monaco as an adapter: a view of the store's text, with the core's problems as markers. */
import { laterNotes } from '../../core/scenario/laterNotes';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Editor, loader } from '@monaco-editor/react';
import { monaco } from './monacoSetup';
import { useColorScheme } from '../common/useColorScheme';
import type { ScenarioEditorProps } from './types';
import { degradedNote, FULL_OPTIONS, isLight, judge, LIGHT_LANGUAGE, LIGHT_OPTIONS } from './lightEditor';
import { useLightEditor } from './useLightEditor';
import { BUSY, opensPiecewise, useEditorText } from './useEditorText';
import { useStepLink } from './useStepLink';
import { pathWithStep } from '../../core/timeline/stepNumbers';
import './stepLink.css';

loader.config({ monaco });

const OWNER = 'scenario';
/** Check failures get their own owner, so replacing the problems never clears them, nor the reverse. */
const CHECKS_OWNER = 'checks';

export default function MonacoEditor({
  value,
  onChange,
  onRun,
  problems,
  warnings,
  label,
  handleRef,
  path = 'scenario.json',
  step,
  onStep,
  maskAfter = Infinity,
}: ScenarioEditorProps) {
  const theme = useColorScheme() === 'dark' ? 'vs-dark' : 'vs';
  const [editor, setEditor] = useState<monaco.editor.IStandaloneCodeEditor | null>(null);
  const runRef = useRef(onRun);
  runRef.current = onRun;
  // Judged once per text (lightEditor.ts remembers the last): the change handler asked about it already.
  const load = useMemo(() => judge(value), [value]);
  const light = isLight(load);

  // The text goes both ways through useEditorText, not through the editor component's value and
  // onChange: it judges each text before the editor takes it and puts a large one in piecewise.
  const lighten = useLightEditor(editor, value);
  useEditorText(editor, value, onChange, lighten);
  useStepLink(editor, value, !light, step, onStep);
  useMaskedNotes(editor, value, maskAfter);
  // The step link's first marks and scroll (the effects above) are drawn while the editor is hidden:
  // shown two frames later, no line moves in view (layout shift 0, measured by npm run layout).
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (editor === null) return;
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => setSettled(true));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [editor]);
  // The editor is made once, with the text's options and language then; after that useLightEditor
  // switches them, when the text is about to go in, never in a render (a large import's render is
  // long enough already). A large text opens piecewise: the editor starts empty and read-only.
  const [opened] = useState(() => ({ light, piecewise: opensPiecewise(value) }));
  const options = useMemo(
    () => ({
      ariaLabel: label,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      automaticLayout: true,
      fontSize: 13,
      tabSize: 2,
      // Scenarios are indented by two spaces. Guessing it scanned every line, a 4 MB line char by char,
      // each time any option changed (a long task after a large paste, e2e/bounds.spec.ts).
      insertSpaces: true,
      detectIndentation: false,
      ...(opened.light ? LIGHT_OPTIONS : FULL_OPTIONS),
      ...(opened.piecewise ? { readOnly: true, readOnlyMessage: BUSY } : {}),
      fixedOverflowWidgets: true,
      renderValidationDecorations: 'on' as const,
    }),
    [label, opened],
  );
  const note = degradedNote(load);

  useEffect(() => {
    if (editor === null) return;
    const run = editor.addAction({
      id: 'scenario.run',
      label: 'Run the scenario',
      keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
      run: () => runRef.current(),
    });
    handleRef.current = {
      reveal(line, column) {
        editor.setPosition({ lineNumber: line, column });
        editor.revealPositionInCenter({ lineNumber: line, column });
        editor.focus();
      },
    };
    return () => {
      run.dispose();
      handleRef.current = null;
    };
  }, [editor, handleRef]);

  useEffect(() => {
    const model = editor?.getModel();
    if (!model) return;
    monaco.editor.setModelMarkers(
      model,
      OWNER,
      problems
        .filter((p) => p.line !== undefined)
        .map((p) => ({
          severity: monaco.MarkerSeverity.Error,
          message: `${pathWithStep(p.path)}: ${p.message}`,
          startLineNumber: p.line!,
          startColumn: p.column ?? 1,
          endLineNumber: p.endLine ?? p.line!,
          endColumn: p.endColumn ?? (p.column ?? 1) + 1,
        })),
    );
  }, [editor, problems]);

  useEffect(() => {
    const model = editor?.getModel();
    if (!model) return;
    monaco.editor.setModelMarkers(
      model,
      CHECKS_OWNER,
      (warnings ?? [])
        .filter((p) => p.line !== undefined)
        .map((p) => ({
          severity: monaco.MarkerSeverity.Warning,
          source: 'check',
          message: p.message,
          startLineNumber: p.line!,
          startColumn: p.column ?? 1,
          endLineNumber: p.endLine ?? p.line!,
          endColumn: p.endColumn ?? (p.column ?? 1) + 1,
        })),
    );
  }, [editor, warnings]);

  return (
    <div className="monaco-host" data-testid="scenario-editor">
      {note !== null && (
        <p className="editor-degraded" role="status">
          {note}
        </p>
      )}
      <div className="monaco-body" style={editor !== null && !settled ? { visibility: 'hidden' } : undefined}>
        <Editor
          height="100%"
          language={opened.light ? LIGHT_LANGUAGE : 'json'}
          path={path}
          defaultValue={opensPiecewise(value) ? '' : value}
          theme={theme}
          onMount={(mounted) => setEditor(mounted)}
          loading={<p className="muted">Loading the editor…</p>}
          options={options}
        />
      </div>
    </div>
  );
}

/**
 * Masks the later steps' `note` and `expect` while a task is pending (decorations only: the text, and
 * so the learner's saved work, is never changed); a hover says why.
 */
function useMaskedNotes(editor: monaco.editor.IStandaloneCodeEditor | null, value: string, maskAfter: number) {
  useEffect(() => {
    const model = editor?.getModel();
    if (!editor || !model || !Number.isFinite(maskAfter)) return;
    const masks = editor.createDecorationsCollection(
      laterNotes(value, maskAfter).map(({ start, end }) => {
        const from = model.getPositionAt(start);
        const to = model.getPositionAt(end);
        return {
          range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column),
          options: {
            inlineClassName: 'masked-note',
            hoverMessage: { value: 'Hidden until you answer the task about an earlier step (or press Show me).' },
          },
        };
      }),
    );
    return () => masks.clear();
  }, [editor, value, maskAfter]);
}
