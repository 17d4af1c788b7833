/**
 * Monaco colours bracket pairs from a tree it parses on the first frame that draws a bracket: for a text
 * put in piecewise (pieces.ts), the whole text at once, 40–80 ms for a 0.3 MB share link (bench:paste).
 * Asked for after each piece, the tree is parsed as the pieces go in: Monaco parses only what an edit
 * changed, so each piece's task pays for its own piece.
 */
import type { Work } from './work';
import type { monaco } from './monacoSetup';

/** The part of Monaco's text model that holds the bracket tree: not in its public API. */
interface BracketPairs {
  getBracketsInRange(range: monaco.IRange): unknown;
}

const NOWHERE: monaco.IRange = { startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 1 };

/** Brings `model`'s bracket tree up to date, if it colours brackets at all (a light text does not). */
export function parseBrackets(model: monaco.editor.ITextModel): void {
  if (model.isDisposed() || !model.getOptions().bracketPairColorizationOptions.enabled) return;
  (model as unknown as { bracketPairs?: BracketPairs }).bracketPairs?.getBracketsInRange(NOWHERE);
}

/** `work`, with `after` called at each of its pause points. */
export function* withEachPause<T>(work: Work<T>, after: () => void): Work<T> {
  for (;;) {
    const next = work.next();
    if (next.done === true) return next.value;
    after();
    yield next.value;
  }
}
