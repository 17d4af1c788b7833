/** What one row of a step list says, on the playground and in the router, memtool and vector lessons alike. */

interface StepRowBodyProps {
  index: number;
  /** The operation, for the badge's colour: `op-${op}`. */
  op: string;
  label: string;
  summary: string;
  rejected: boolean;
  /** Why the step was refused; shown only for a rejected one. */
  result: string;
  /** Where a learner's own store answered this step differently from the reference (the Your store tab). */
  differs?: string;
}

/** The step's number, its operation's badge, its summary, and why it was refused. */
export function StepRowBody({ index, op, label, summary, rejected, result, differs }: StepRowBodyProps) {
  return (
    <>
      <span className="step-number">{index}</span>
      <span className="step-body">
        <span className={`op-badge op-${op}`}>{label}</span> <span className="step-summary">{summary}</span>
        {rejected && (
          <span className="step-rejected">
            <span aria-hidden="true">✕ </span>
            {result}
          </span>
        )}
        {differs !== undefined && <span className="step-differs">{differs}</span>}
      </span>
    </>
  );
}
