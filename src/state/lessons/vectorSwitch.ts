/**
 * The vector lesson's iterative-scan switch, applied to the editor's text: an edit not yet run is kept
 * and runs with it. Text that is not a JSON object is left alone (null): the switch then starts from the
 * scenario last run.
 */
export function withIterativeScan(text: string, on: boolean): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return `${JSON.stringify({ ...value, iterative_scan: on ? 'strict_order' : 'off' }, null, 2)}\n`;
}
