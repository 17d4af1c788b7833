/**
 * The editor as a view of the store's text, both ways: a new value from the store (an import, a reset, a
 * lesson's text) goes into the model, and each edit the person makes comes back as one `onChange`. A large
 * text goes in a piece at a time (pieces.ts), whichever way it comes: as a value, or as a paste, taken in
 * the capture phase before Monaco's own paste handler sees it. While the pieces go in, the editor is
 * read-only and its change events are held, so the store hears of the whole text once.
 */
import { useLayoutEffect, useRef } from 'react';
import { LARGE_EDITOR_CHARS } from '../../core/scenario/editorLoad';
import { drain, PAUSE, type Work } from './work';
import { browserPause, slicer, SUPERSEDED, type Slicer } from './slicer';
import { monaco } from './monacoSetup';
import { PIECE_CHARS, replaceInPieces, type PieceHistory } from './pieces';
import { parseBrackets, withEachPause } from './brackets';

type Editor = monaco.editor.IStandaloneCodeEditor;

let sliced: Slicer | null = null;
const slice: Slicer = (work, superseded) => (sliced ??= slicer(browserPause()))(work, superseded);

/** A text put in piecewise: `range` is where it went in, in the model as it was at version `before`. */
interface Large {
  range: monaco.IRange;
  text: string;
  before: number;
  after: number;
  /** True right after an undo took this text out: a redo then puts it back piecewise. */
  undone: boolean;
}

/** What the editor says to typing while a large text goes in (it is read-only then). */
export const BUSY = { value: 'A large text is still going in: a moment.' };

/**
 * Whether the editor opens on `text` empty and read-only, to take it in piecewise (useEditorText does):
 * a model made with a 3.3 MB text counted its lines and guessed its indentation in the editor's
 * first task, 30–40 ms of the 85 ms a reload spent there.
 */
export const opensPiecewise = (text: string) => text.length > PIECE_CHARS;

/**
 * Keeps `editor` showing `value` and calls `onChange` with each text the person's edits make; `lighten`
 * is told of every text before the editor takes it (useLightEditor.ts).
 */
export function useEditorText(
  editor: Editor | null,
  value: string,
  onChange: (text: string) => void,
  lighten: (text: string) => void,
): void {
  const told = useRef({ onChange, lighten });
  told.current = { onChange, lighten };
  // The text the model and the store agree on: a value equal to it is the person's own edit coming back.
  const known = useRef<string | null>(null);
  // The running edit's number (a newer one supersedes it), whether its change events are held, and
  // whether it made the editor read-only.
  const edit = useRef({ id: 0, holding: false, readOnly: false });
  const latest = useRef(value);
  latest.current = value;
  const syncRef = useRef<((text: string) => void) | null>(null);
  // The last text put in piecewise, where, and the model's alternative version ids before and after it.
  const large = useRef<Large | null>(null);

  useLayoutEffect(() => {
    if (editor === null) return;
    // Where a paste ended, while the page may still resize the editor after it.
    let revealing: monaco.Position | null = null;
    // The end of an edit: change events are heard again, and the editor takes typing again.
    const settle = () => {
      edit.current.holding = false;
      if (edit.current.readOnly) editor.updateOptions({ readOnly: false });
      edit.current.readOnly = false;
    };
    // An edit superseded from outside (a new model, the editor going away) stops at its next piece.
    const release = () => {
      edit.current.id++;
      settle();
    };
    const report = () => {
      const text = editor.getValue();
      known.current = text;
      told.current.lighten(text);
      told.current.onChange(text);
    };
    const put = (range: monaco.IRange, text: string, pasted: boolean) => {
      const model = editor.getModel();
      if (model === null) return;
      const id = ++edit.current.id;
      const before = model.getAlternativeVersionId();
      // An empty model with no history takes its first text (a reload, a lesson opened) as where its
      // history starts: no undo takes it out.
      const history: PieceHistory = model.getValueLength() === 0 && !model.canUndo() ? 'first' : 'undoable';
      const done = (placed: monaco.IRange | null | typeof SUPERSEDED) => {
        if (placed === SUPERSEDED || id !== edit.current.id) return;
        settle();
        if (placed === null) return;
        if (text.length > PIECE_CHARS && history === 'undoable')
          large.current = { range, text, before, after: model.getAlternativeVersionId(), undone: false };
        if (!pasted) {
          known.current = text;
          return;
        }
        const end = new monaco.Selection(
          placed.endLineNumber,
          placed.endColumn,
          placed.endLineNumber,
          placed.endColumn,
        );
        editor.setSelection(end);
        editor.revealPosition(end.getPosition());
        // The store's answer may change the editor's height (the note a large text gets): reveal again then.
        revealing = end.getPosition();
        requestAnimationFrame(() => requestAnimationFrame(() => (revealing = null)));
        report();
      };
      edit.current.holding = true;
      const selections = editor.getSelections();
      if (text.length <= PIECE_CHARS) {
        told.current.lighten(text);
        return done(drain(replaceInPieces(model, range, text, selections, PIECE_CHARS, history)));
      }
      // A large text: in this task only what keeps typing out (read-only; a new editor opens so). Its
      // light options and language, then its pieces, each come in a task of their own: an import's
      // worker answer already holds the page's render of the new timeline (bench:paste profile).
      if (!editor.getOption(monaco.editor.EditorOption.readOnly))
        editor.updateOptions({ readOnly: true, readOnlyMessage: BUSY });
      edit.current.readOnly = true;
      const work = (function* (): Work<monaco.IRange | null> {
        yield PAUSE;
        told.current.lighten(text);
        yield PAUSE;
        const pieces = replaceInPieces(model, range, text, selections, PIECE_CHARS, history);
        return yield* withEachPause(pieces, () => parseBrackets(model));
      })();
      const result = slice(work, () => id !== edit.current.id);
      if (result instanceof Promise) void result.then(done);
      else done(result);
    };
    const sync = (text: string) => {
      if (text === known.current) return;
      const model = editor.getModel();
      if (model !== null) put(model.getFullModelRange(), text, false);
    };
    const onPaste = (event: ClipboardEvent) => {
      const text = event.clipboardData?.getData('text/plain') ?? '';
      const selections = editor.getSelections();
      if (text.length <= LARGE_EDITOR_CHARS || selections?.length !== 1 || edit.current.holding) return;
      event.preventDefault();
      event.stopPropagation();
      put(selections[0]!, text, true);
    };
    // On an ancestor of Monaco's own node, so this runs before Monaco's capture-phase handlers there.
    const container = editor.getContainerDomNode();
    const host = container.parentElement ?? container;
    host.addEventListener('paste', onPaste, { capture: true });
    const laidOut = editor.onDidLayoutChange(() => revealing !== null && editor.revealPosition(revealing));
    let version = editor.getModel()?.getAlternativeVersionId();
    const changed = editor.onDidChangeModelContent((event) => {
      // An undo sets the model's alternative version after its change event: read it once the event is done.
      const was = version;
      queueMicrotask(() => {
        version = editor.getModel()?.getAlternativeVersionId();
        const last = large.current;
        if (last !== null) last.undone = event.isUndoing && was === last.after && version === last.before;
      });
      if (!edit.current.holding) report();
    });
    // Monaco's redo puts a whole undo element back in one edit: for a large text, one long task (292 ms
    // for 3.3 MB, in an editor an undo had just given back its JSON help). Right after the undo that took
    // such a text out, redo puts it back piecewise instead, as a new undo element in its place.
    const redo = editor.addAction({
      id: 'scenario.redo',
      label: 'Redo',
      keybindings: [
        monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyY,
        monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.KeyZ,
      ],
      run: () => {
        const model = editor.getModel();
        if (model === null || edit.current.holding) return;
        const last = large.current;
        if (last?.undone !== true || model.getAlternativeVersionId() !== last.before) return void model.redo();
        put(last.range, last.text, true);
      },
    });
    const swapped = editor.onDidChangeModel(() => {
      release();
      large.current = null;
      version = editor.getModel()?.getAlternativeVersionId();
      known.current = editor.getValue();
      sync(latest.current);
    });
    known.current = editor.getValue();
    syncRef.current = sync;
    return () => {
      release();
      host.removeEventListener('paste', onPaste, { capture: true });
      changed.dispose();
      laidOut.dispose();
      redo.dispose();
      swapped.dispose();
      syncRef.current = null;
    };
  }, [editor]);
  useLayoutEffect(() => syncRef.current?.(value), [editor, value]);
}
