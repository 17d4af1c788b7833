/** JSON paths as problems name them; apart from scenario.ts so that a replay can name one without loading zod. */

export type PathSegment = string | number;

/** "steps[3].as[0]" */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else
      out += /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment)
        ? out
          ? `.${segment}`
          : segment
        : `[${JSON.stringify(segment)}]`;
  }
  return out || '(the whole scenario)';
}
