/**
 * How much of the editor's help a text can take, judged before the editor's language service sees it.
 * Monaco's JSON support recurses (its worker overflowed its stack at 10,000 levels) and decorates on the
 * main thread (100,000 levels froze the tab for 20 s; sticky scroll and the outline of a 3 MB scenario
 * blocked it 1.3–2.3 s after a Run): such text is shown as plain text, the scenario's own parser still
 * reports what is wrong with it at Run. Linear in the text.
 */
import { depthProblem, MAX_DEPTH } from './jsonText';
import { LARGE_EDITOR_CHARS } from '../limits';

// Past LARGE_EDITOR_CHARS the editor drops JSON highlighting, checking and the outline.
export { LARGE_EDITOR_CHARS };

export type EditorLoad =
  | { kind: 'json' }
  /** A big text: plain text, no language service, no sticky scroll, folding or bracket colours. */
  | { kind: 'large'; chars: number }
  /** Nested deeper than the parser accepts, at `line`:`column`: plain text, and say where. */
  | { kind: 'too-deep'; line: number; column: number; message: string };

/** What the editor may do with `text`. */
export function editorLoad(text: string): EditorLoad {
  const deep = depthProblem(text);
  if (deep !== undefined) {
    const { line = 1, column = 1 } = deep;
    return {
      kind: 'too-deep',
      line,
      column,
      message: `nested deeper than ${MAX_DEPTH} levels at line ${line}, column ${column}: shown as plain text, without JSON highlighting or checking`,
    };
  }
  return text.length > LARGE_EDITOR_CHARS ? { kind: 'large', chars: text.length } : { kind: 'json' };
}
