import { stepPosition } from '../../core/timeline/stepNumbers';

/**
 * First, Previous, Next, Last and the step counter: the same buttons wherever a lesson shows them. Only j
 * and k are declared as shortcuts: they work anywhere but a text field, the arrows only in the step list.
 */
export interface StepControlsProps {
  index: number;
  count: number;
  stepTo(index: number): void;
  className?: string;
  /** What one step is called in the counter ("Call 3 of 9"); Step by default. */
  noun?: string;
}

export function StepControls({ index, count, stepTo, className, noun }: StepControlsProps) {
  const last = count - 1;
  return (
    <div className={`step-controls ${className ?? ''}`} role="toolbar" aria-label="Move through the steps">
      <button type="button" onClick={() => stepTo(0)} disabled={index === 0}>
        First
      </button>
      <button type="button" onClick={() => stepTo(index - 1)} disabled={index === 0} aria-keyshortcuts="k">
        Previous
      </button>
      <button
        type="button"
        onClick={() => stepTo(index + 1)}
        disabled={index >= last}
        aria-keyshortcuts="j"
        className="primary"
      >
        Next
      </button>
      <button type="button" onClick={() => stepTo(last)} disabled={index >= last}>
        Last
      </button>
      <span className="step-counter">{stepPosition(index, last, noun)}</span>
    </div>
  );
}
