/**
 * The editor's link with the timeline: the selected step's JSON is highlighted and brought into view,
 * a caret moved into a step's JSON selects that step, and each step shows its number (the one the
 * timeline shows, core/timeline/stepNumbers.ts) beside its opening line. Where each step is comes from
 * the core (core/scenario/stepSpans.ts), once per text. A text shown light (too large or too deep for
 * the editor's whole-document features) has no link: it would cost a scan of megabytes per keystroke.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { stepAt, stepSpans, type StepSpan } from '../../core/scenario/stepSpans';
import { stepNumberOf } from '../../core/timeline/stepNumbers';
import { LARGE_EDITOR_CHARS } from '../../core/scenario/editorLoad';
import type { monaco } from './monacoSetup';

const NO_SPANS: readonly StepSpan[] = [];
/** From this length a text's steps are found once typing pauses for SCAN_PAUSE_MS, not at each keystroke. */
const LONG_TEXT = 50_000;
const SCAN_PAUSE_MS = 250;
/** Step numbers put in per task: 150 cost Monaco about 10 ms here (2,500 took 90–180 ms). */
export const MARKS_PER_TASK = 150;

/** The number shown before `span`'s opening line, the step's `index` from 0. */
function numberMark(
  model: monaco.editor.ITextModel,
  span: StepSpan,
  index: number,
): monaco.editor.IModelDeltaDecoration {
  const start = model.getPositionAt(span.start);
  return {
    range: {
      startLineNumber: start.lineNumber,
      startColumn: start.column,
      endLineNumber: start.lineNumber,
      endColumn: start.column,
    },
    options: {
      showIfCollapsed: true,
      before: { content: `step ${stepNumberOf(index)} `, inlineClassName: 'editor-step-number', cursorStops: 0 },
    },
  };
}

export function useStepLink(
  editor: monaco.editor.IStandaloneCodeEditor | null,
  value: string,
  enabled: boolean,
  step: number | undefined,
  onStep: ((step: number) => void) | undefined,
) {
  const linked = enabled && onStep !== undefined;
  // A long text is scanned once typing pauses: 8 ms a scan at 490,000 characters (median, this machine),
  // which each keystroke would otherwise pay. Until then the marks are those of the text before.
  const [scanned, setScanned] = useState(value);
  useEffect(() => {
    if (value.length < LONG_TEXT) return setScanned(value);
    const timer = setTimeout(() => setScanned(value), SCAN_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  // Until then `scanned` may still be a text too large to link: when an undo takes a 3.3 MB paste back
  // out, the render that turns the link on again scanned the 3.3 MB text, 39 ms (bench:paste profile).
  const spans = useMemo(
    () => (linked && scanned.length <= LARGE_EDITOR_CHARS ? stepSpans(scanned) : NO_SPANS),
    [linked, scanned],
  );
  const spansRef = useRef(spans);
  spansRef.current = spans;
  const stepRef = useRef(step);
  stepRef.current = step;
  const onStepRef = useRef(onStep);
  onStepRef.current = onStep;

  // The numbers beside every step, a batch per task: each number is text Monaco lays its line out
  // again for, and a 0.3 MB link's 2,500 steps set at once were one 90–180 ms task (bench:paste).
  useEffect(() => {
    const model = editor?.getModel();
    if (!editor || !model || spans.length === 0 || model.getValueLength() !== scanned.length) return;
    const collection = editor.createDecorationsCollection();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const add = (from: number) => {
      // The text changed under the batches (its marks wait for the next scan) or its model went.
      if (model.isDisposed() || model.getValueLength() !== scanned.length) return;
      const to = Math.min(spans.length, from + MARKS_PER_TASK);
      collection.append(spans.slice(from, to).map((span, i) => numberMark(model, span, from + i)));
      if (to < spans.length) timer = setTimeout(() => add(to));
    };
    add(0);
    return () => {
      clearTimeout(timer);
      collection.clear();
    };
  }, [editor, spans, scanned]);

  // The selected step's lines highlighted: a step selected changes this mark alone.
  useEffect(() => {
    const model = editor?.getModel();
    const selected = step !== undefined && step > 0 ? spans[step - 1] : undefined;
    if (!editor || !model || selected === undefined || model.getValueLength() !== scanned.length) return;
    const start = model.getPositionAt(selected.start);
    const end = model.getPositionAt(selected.end);
    const collection = editor.createDecorationsCollection([
      {
        range: { startLineNumber: start.lineNumber, startColumn: 1, endLineNumber: end.lineNumber, endColumn: 1 },
        options: {
          isWholeLine: true,
          className: 'editor-step-selected',
          linesDecorationsClassName: 'editor-step-selected-margin',
        },
      },
    ]);
    return () => collection.clear();
  }, [editor, spans, step, scanned]);

  // A step selected elsewhere (the timeline, a key) is brought into view, unless the caret is in it.
  useEffect(() => {
    const model = editor?.getModel();
    if (!editor || !model || step === undefined || step < 1) return;
    const span = spansRef.current[step - 1];
    if (span === undefined || model.getValueLength() !== scanned.length) return;
    const caret = editor.getPosition();
    if (caret !== null && stepAt(spansRef.current, model.getOffsetAt(caret)) === step) return;
    const start = model.getPositionAt(span.start);
    const end = model.getPositionAt(span.end);
    editor.revealRangeNearTopIfOutsideViewport({
      startLineNumber: start.lineNumber,
      startColumn: 1,
      endLineNumber: end.lineNumber,
      endColumn: 1,
    });
    // Only on a new selection, not on each edit of the text.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [editor, step]);

  // The caret moved by the learner into a step's JSON selects that step.
  useEffect(() => {
    if (!editor || !linked) return;
    const listener = editor.onDidChangeCursorPosition((event) => {
      if (event.source === 'api' || !editor.hasTextFocus()) return;
      const model = editor.getModel();
      if (!model) return;
      const at = stepAt(spansRef.current, model.getOffsetAt(event.position));
      if (at !== null && at !== stepRef.current) onStepRef.current?.(at);
    });
    return () => listener.dispose();
  }, [editor, linked]);
}
