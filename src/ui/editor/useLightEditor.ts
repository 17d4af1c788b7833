/**
 * Keeps Monaco light for a text too big or too deep for it (lightEditor.ts), switching before the text
 * lands: a paste is judged in the capture phase of its DOM event, before Monaco's own handler inserts it,
 * so Monaco never wraps, pairs brackets in or hands to the JSON service a text it would choke on. Every
 * other edit is judged in the change handler the editor calls (same task, before the next frame draws).
 * A paste past the editor's large size never reaches this guard: useEditorText.ts takes it first, makes
 * the editor light and puts it in piecewise.
 */
import { useCallback, useEffect, useRef } from 'react';
import { FULL_OPTIONS, isLight, judge, LIGHT_LANGUAGE, LIGHT_OPTIONS } from './lightEditor';
import { keepClosedUndo, monaco } from './monacoSetup';

function applyLight(editor: monaco.editor.IStandaloneCodeEditor, light: boolean) {
  keepClosedUndo(!light);
  const model = editor.getModel();
  if (!model) return;
  // The model's own switch: without it Monaco went on colouring brackets (a 120 ms parse of 3 MB in the
  // next frame), whatever the editor's option said. Also for a model made in the light language (a
  // large text opened piecewise): its first frame parsed 3.3 MB for brackets, 29 ms (bench:paste).
  if (model.getOptions().bracketPairColorizationOptions.enabled === light)
    model.updateOptions({ bracketColorizationOptions: { enabled: !light, independentColorPoolPerBracketType: false } });
  const language = light ? LIGHT_LANGUAGE : 'json';
  if (model.getLanguageId() === language) return;
  // Options first: with wrapping off, the language switch and the edit after it lay out no wrapped lines.
  editor.updateOptions(light ? LIGHT_OPTIONS : FULL_OPTIONS);
  monaco.editor.setModelLanguage(model, language);
}

/**
 * Returns the handler to call with each text the person's edits produce. `text` is the one the editor
 * shows or is about to (a large one opens empty and goes in piecewise): a new editor is judged by it.
 */
export function useLightEditor(
  editor: monaco.editor.IStandaloneCodeEditor | null,
  text: string,
): (text: string) => void {
  const latest = useRef(text);
  latest.current = text;
  useEffect(() => {
    if (editor === null) return;
    applyLight(editor, isLight(judge(latest.current)));
    const host = editor.getContainerDomNode();
    const onPaste = (event: ClipboardEvent) => {
      // The pasted text alone: too big or too deep by itself, the text it lands in is too (a deep paste
      // inside a string is the exception, and the change handler turns the editor's help back on).
      const pasted = event.clipboardData?.getData('text/plain') ?? '';
      if (isLight(judge(pasted))) applyLight(editor, true);
    };
    host.addEventListener('paste', onPaste, { capture: true });
    return () => host.removeEventListener('paste', onPaste, { capture: true });
  }, [editor]);
  return useCallback((text: string) => editor !== null && applyLight(editor, isLight(judge(text))), [editor]);
}
