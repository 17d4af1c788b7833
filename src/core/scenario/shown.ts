/**
 * How many problems a report shows. A file with 100,000 bad steps is reported in full to code (every
 * problem is located), but a person reads the first ones and a count of the rest.
 */

/** Problems a report lists before it says how many more there are. */
export const SHOWN_PROBLEMS = 100;

/** The first `limit` problems and how many were left out. */
export function capProblems<T>(problems: readonly T[], limit = SHOWN_PROBLEMS): { shown: T[]; more: number } {
  return { shown: problems.slice(0, limit), more: Math.max(0, problems.length - limit) };
}

/** The closing line for problems left out of a report: "… and 19900 more". */
export function moreLine(more: number): string {
  return `… and ${more} more`;
}

/** Report lines, capped: the first `limit`, then "… and N more" when some were left out. */
export function cappedLines(lines: readonly string[], limit = SHOWN_PROBLEMS): string[] {
  const { shown, more } = capProblems(lines, limit);
  return more > 0 ? [...shown, moreLine(more)] : shown;
}
