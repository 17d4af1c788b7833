import { jsonObjectOf } from '../../core/scenario/jsonText';

/**
 * The vector lesson's iterative-scan switch, applied to the editor's text: an edit not yet run is kept
 * and runs with it. Text that is not a JSON object is left alone (null): the switch then starts from the
 * scenario last run.
 */
export function withIterativeScan(text: string, on: boolean): string | null {
  const value = jsonObjectOf(text);
  if (value === null) return null;
  return `${JSON.stringify({ ...value, iterative_scan: on ? 'strict_order' : 'off' }, null, 2)}\n`;
}
