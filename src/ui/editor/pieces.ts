/**
 * A large text put into the editor a piece at a time. Monaco takes a paste or a new value in one edit,
 * and for a 3.3 MB text that edit was one task of 150–200 ms (npm run bench:paste): counting its lines,
 * growing the piece tree, laying out 20,000 view lines, keeping the undo record. Split, each piece costs
 * a few milliseconds, and the slicer (slicer.ts) gives the thread back between them. All pieces go
 * into one undo element, so one Ctrl+Z takes the whole text back out.
 */
import type { Work } from './work';
import type { monaco } from './monacoSetup';

/** A piece's size, in UTF-16 units: a few milliseconds of Monaco's work on this machine. */
export const PIECE_CHARS = 64_000;

/**
 * Where `text` is cut into pieces of at most `size` units (the ends of all but the last piece). A cut
 * never falls inside a CR LF pair, which the model would take as two line ends, nor inside a surrogate
 * pair, which would be two broken characters.
 */
export function pieceEnds(text: string, size = PIECE_CHARS): number[] {
  if (size < 2) throw new RangeError(`a piece must hold at least 2 units, not ${size}`);
  const ends: number[] = [];
  for (let end = size; end < text.length; end += size) {
    const before = text.charCodeAt(end - 1);
    const crlf = before === 0x0d && text.charCodeAt(end) === 0x0a;
    const surrogates = before >= 0xd800 && before <= 0xdbff;
    if (crlf || surrogates) end -= 1;
    ends.push(end);
  }
  return ends;
}

/** The part of a model that a piecewise edit uses. */
export type PieceModel = Pick<
  monaco.editor.ITextModel,
  'pushEditOperations' | 'pushStackElement' | 'isDisposed' | 'applyEdits'
>;

/**
 * How the pieces go in: `undoable`, as one undo element (an import, a paste), or as the model's first
 * text, which no undo takes out (a new model filled with the text it opens on: a reload, a lesson).
 */
export type PieceHistory = 'undoable' | 'first';

/**
 * Replaces `range` of `model` with `text`, a piece per pause point, and returns the range the text now
 * covers (null if the model was disposed on the way). Undo stops stand before the first piece and after
 * the last, none between: the pieces are one undo element, and undoing it puts back `before`, the
 * selections the person had. With `history` 'first', no undo element is made at all: undo cannot empty
 * an editor that opened on this text.
 */
export function* replaceInPieces(
  model: PieceModel,
  range: monaco.IRange,
  text: string,
  before: monaco.Selection[] | null,
  size = PIECE_CHARS,
  history: PieceHistory = 'undoable',
): Work<monaco.IRange | null> {
  const undoable = history === 'undoable';
  if (undoable) model.pushStackElement();
  let at: monaco.IRange = range;
  let from = 0;
  for (const end of [...pieceEnds(text, size), text.length]) {
    if (model.isDisposed()) return null;
    const edit = [{ range: at, text: text.slice(from, end), forceMoveMarkers: true }];
    // The inverse of our edit (the first: any the model adds come after) covers the piece where it
    // now is, and the next piece goes where it ends.
    const next = (inverse: monaco.editor.IValidEditOperation[]) => {
      const { endLineNumber, endColumn } = inverse[0]!.range;
      at = { startLineNumber: endLineNumber, startColumn: endColumn, endLineNumber, endColumn };
      return null;
    };
    if (undoable) model.pushEditOperations(before, edit, next);
    else next(model.applyEdits(edit, true));
    from = end;
    yield;
  }
  if (model.isDisposed()) return null;
  if (undoable) model.pushStackElement();
  return {
    startLineNumber: range.startLineNumber,
    startColumn: range.startColumn,
    endLineNumber: at.endLineNumber,
    endColumn: at.endColumn,
  };
}
