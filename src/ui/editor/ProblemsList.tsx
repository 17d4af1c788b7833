/** The core's problems with the scenario, each with its line and column, one click from the editor. */
import type { Problem } from '../../core/scenario/scenario';
import { pathWithStep } from '../../core/timeline/stepNumbers';
import { digits } from '../../core/text/digits';

/** " (step 4)" after a path in a step, as the core words it. */
const stepSuffix = (path: string) => pathWithStep(path).slice(path.length);

/** How many problems are listed; the rest are counted ("… and N more"), so 100,000 never become 100,000 rows. */
export const LISTED_PROBLEMS = 500;

export function ProblemsList({
  problems,
  onSelect,
}: {
  problems: readonly Problem[];
  onSelect(problem: Problem): void;
}) {
  if (problems.length === 0) return <p className="muted">No problems in the last run.</p>;
  const more = problems.length - LISTED_PROBLEMS;
  return (
    <ul className="problems" aria-label="Problems">
      {problems.slice(0, LISTED_PROBLEMS).map((problem, i) => (
        <li key={i} className="problem">
          <span aria-hidden="true" className="problem-icon">
            ✕
          </span>
          <span className="problem-text">
            {problem.line !== undefined ? (
              <button type="button" className="link" onClick={() => onSelect(problem)}>
                Line {problem.line}, column {problem.column}
              </button>
            ) : (
              <span>Somewhere in the scenario</span>
            )}{' '}
            <code>{problem.path}</code>
            {stepSuffix(problem.path)}: {problem.message}
          </span>
        </li>
      ))}
      {more > 0 && <li className="problem muted">… and {digits(more)} more problems</li>}
    </ul>
  );
}
