/**
 * What the editor turns off for a text too big or too deep for its whole-document features
 * (core/scenario/editorLoad.ts judges which), and the note that says so. Measured by npm run bench:paste:
 * on a 3.3 MB paste, Monaco spent most of its one long task wrapping every line, then rebuilding its
 * bracket tree when the model switched to plain text (Monaco's plaintext still pairs brackets), then
 * wrapping every line again when wrapping was turned off. So the switch is made before the paste lands
 * (useLightEditor.ts) and to a language with no brackets at all.
 */
import { editorLoad, LARGE_EDITOR_CHARS, type EditorLoad } from '../../core/scenario/editorLoad';
import { assertNever } from '../../core/store/errors';
import type { monaco } from './monacoSetup';
import { digits } from '../../core/text/digits';

/** A language with no tokenizer and no brackets, registered in monacoSetup.ts: nothing to colour, pair or fold. */
export const LIGHT_LANGUAGE = 'scenario-text';

type EditorOptions = monaco.editor.IEditorOptions & monaco.editor.IGlobalEditorOptions;

/**
 * Plain text, and the editor's whole-document features off: no wrapping, indent guides (the active one scans
 * the whole enclosing block), folding, sticky scroll, bracket colours, occurrence highlights or word suggestions. (Monaco's own `largeFileOptimizations` does
 * not help: it is read once, when the model is made, and only past 20 MB or 300,000 lines.)
 */
export const LIGHT_OPTIONS: EditorOptions = {
  wordWrap: 'off',
  folding: false,
  stickyScroll: { enabled: false },
  bracketPairColorization: { enabled: false },
  occurrencesHighlight: 'off',
  selectionHighlight: false,
  matchBrackets: 'never',
  links: false,
  colorDecorators: false,
  wordBasedSuggestions: 'off',
  guides: { indentation: false, highlightActiveIndentation: false, bracketPairs: false },
};

export const FULL_OPTIONS: EditorOptions = {
  wordWrap: 'on',
  folding: true,
  stickyScroll: { enabled: true },
  bracketPairColorization: { enabled: true },
  occurrencesHighlight: 'singleFile',
  selectionHighlight: true,
  matchBrackets: 'always',
  links: true,
  colorDecorators: true,
  wordBasedSuggestions: 'currentDocument',
  guides: { indentation: true, highlightActiveIndentation: true, bracketPairs: false },
};

/** Shorter texts cannot be deep or big enough to hurt the editor (its JSON worker overflowed at 10,000 levels). */
export const SMALL_TEXT = 5_000;

/**
 * How much help the editor gives `text`: null for a short text, which is never scanned. A text past
 * LARGE_EDITOR_CHARS is light whatever its depth, so it is not scanned either (a 3 MB scan took 25–45 ms,
 * on each keystroke); Run still locates a depth problem in it.
 */
export function judge(text: string): EditorLoad | null {
  if (text.length <= SMALL_TEXT) return null;
  return text.length > LARGE_EDITOR_CHARS ? { kind: 'large', chars: text.length } : editorLoadOf(text);
}

let last: { text: string; load: EditorLoad } | null = null;
/**
 * editorLoad, remembered for the last text: the paste guard, the change handler and the render each ask about
 * the same text, and a 3 MB scan is 15–30 ms here. Comparing two equal strings is far cheaper than a scan.
 */
function editorLoadOf(text: string): EditorLoad {
  if (last === null || last.text !== text) last = { text, load: editorLoad(text) };
  return last.load;
}

/** True when the editor shows `load` as plain text with its whole-document features off. */
export const isLight = (load: EditorLoad | null) => load !== null && load.kind !== 'json';

/** The editor's note for a degraded text: what was turned off and why; null when nothing was. */
export function degradedNote(load: EditorLoad | null): string | null {
  if (load === null) return null;
  switch (load.kind) {
    case 'json':
      return null;
    case 'too-deep':
      return `This text is ${load.message}.`;
    case 'large':
      return `This text is ${digits(load.chars)} characters, over ${digits(LARGE_EDITOR_CHARS)}: shown as plain text, without JSON highlighting, checking, folding or wrapping, so the page stays responsive. Run still reports its problems.`;
    default:
      return assertNever(load, 'editor load');
  }
}
