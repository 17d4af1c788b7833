/** Monaco as an adapter: a view of the store's text, with the core's problems as markers. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { editorLoad } from '../../core/scenario/editorLoad';
import { Editor, loader } from '@monaco-editor/react';
import { monaco } from './monacoSetup';
import { useColorScheme } from '../common/useColorScheme';
import type { ScenarioEditorProps } from './types';

loader.config({ monaco });

const OWNER = 'scenario';
/** Check failures get their own owner, so replacing the problems never clears them, nor the reverse. */
const CHECKS_OWNER = 'checks';

/**
 * A text too big or too deep for the JSON service (core/scenario/editorLoad.ts) is plain text, and the
 * editor's whole-document features are off: no wrapping, indent guides (the active one scans the whole
 * enclosing block), folding, sticky scroll, bracket colours or occurrence highlights.
 */
const LIGHT_OPTIONS: monaco.editor.IStandaloneEditorConstructionOptions = {
  wordWrap: 'off',
  folding: false,
  stickyScroll: { enabled: false },
  bracketPairColorization: { enabled: false },
  occurrencesHighlight: 'off',
  selectionHighlight: false,
  matchBrackets: 'never',
  links: false,
  colorDecorators: false,
  largeFileOptimizations: true,
  guides: { indentation: false, highlightActiveIndentation: false, bracketPairs: false },
};
/** Shorter texts cannot be deep or big enough to hurt the editor (its JSON worker overflowed at 10,000 levels). */
const SMALL_TEXT = 5_000;
const FULL_OPTIONS: monaco.editor.IStandaloneEditorConstructionOptions = {
  wordWrap: 'on',
  folding: true,
  stickyScroll: { enabled: true },
  bracketPairColorization: { enabled: true },
  occurrencesHighlight: 'singleFile',
  selectionHighlight: true,
  matchBrackets: 'always',
  links: true,
  colorDecorators: true,
  guides: { indentation: true, highlightActiveIndentation: true, bracketPairs: false },
};

export default function MonacoEditor({
  value,
  onChange,
  onRun,
  problems,
  warnings,
  label,
  handleRef,
  path = 'scenario.json',
}: ScenarioEditorProps) {
  const theme = useColorScheme() === 'dark' ? 'vs-dark' : 'vs';
  const [editor, setEditor] = useState<monaco.editor.IStandaloneCodeEditor | null>(null);
  const runRef = useRef(onRun);
  runRef.current = onRun;
  const load = useMemo(() => (value.length > SMALL_TEXT ? editorLoad(value) : null), [value]);
  const light = load !== null && load.kind !== 'json';

  // Before the JSON service or the decorations see hostile text: plain text, whole-document features off.
  // Judged in Monaco's own change event, in the same task as a paste, before the next frame draws it;
  // a text under SMALL_TEXT cannot hurt the editor and is not scanned on each keystroke.
  useEffect(() => {
    if (editor === null) return;
    const apply = (lighten: boolean) => {
      const model = editor.getModel();
      if (!model) return;
      editor.updateOptions(lighten ? LIGHT_OPTIONS : FULL_OPTIONS);
      if (model.getLanguageId() !== (lighten ? 'plaintext' : 'json'))
        monaco.editor.setModelLanguage(model, lighten ? 'plaintext' : 'json');
    };
    const text = editor.getValue();
    apply(text.length > SMALL_TEXT && editorLoad(text).kind !== 'json');
    const listener = editor.onDidChangeModelContent(() => {
      const model = editor.getModel();
      if (!model) return;
      apply(model.getValueLength() > SMALL_TEXT && editorLoad(model.getValue()).kind !== 'json');
    });
    return () => listener.dispose();
  }, [editor]);

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
          message: `${p.path}: ${p.message}`,
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
      {load?.kind === 'too-deep' && (
        <p className="editor-degraded" role="status">
          This text is {load.message}.
        </p>
      )}
      <Editor
        height="100%"
        language={light ? 'plaintext' : 'json'}
        path={path}
        value={value}
        theme={theme}
        onChange={(text) => onChange(text ?? '')}
        onMount={(mounted) => setEditor(mounted)}
        loading={<p className="muted">Loading the editor…</p>}
        options={{
          ariaLabel: label,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          automaticLayout: true,
          fontSize: 13,
          tabSize: 2,
          ...(light ? LIGHT_OPTIONS : FULL_OPTIONS),
          fixedOverflowWidgets: true,
          renderValidationDecorations: 'on',
        }}
      />
    </div>
  );
}
