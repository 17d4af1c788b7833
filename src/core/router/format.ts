/**
 * The seed CLI's output, byte for byte: json.dumps([asdict(result) ...], indent=2, sort_keys=True).
 * Python writes a float's repr (1.0, 0.5, 1e-05), which JSON.stringify does not.
 */
import { pythonDumps } from '../python/jsonDumps';
import type { Result } from './router';

/** Python's repr() of a float (what json.dumps writes): shortest round-trip digits, Python's layout. */
export function pyFloat(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  // toExponential() without an argument gives the shortest digits that round-trip, as repr() does.
  const [mantissa, exponent] = Math.abs(x).toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  const exp = Number(exponent);
  // repr() switches to scientific notation below 1e-4 and from 1e16 on.
  if (exp < -4 || exp >= 16) {
    const rest = digits.length > 1 ? `.${digits.slice(1)}` : '';
    return `${sign}${digits[0]}${rest}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  const point = exp + 1;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}.0`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Recall results as the seed's command line prints them (without the trailing newline print() adds). */
export function formatResults(results: readonly Result[]): string {
  if (results.length === 0) return '[]';
  const blocks = results.map((result) =>
    [
      '  {',
      `    "bank": ${pythonDumps(result.bank)},`,
      `    "content": ${pythonDumps(result.content)},`,
      `    "memory_id": ${pythonDumps(result.memory_id)},`,
      `    "score": ${pyFloat(result.score)},`,
      `    "source_id": ${pythonDumps(result.source_id)}`,
      '  }',
    ].join('\n'),
  );
  return `[\n${blocks.join(',\n')}\n]`;
}
