/**
 * The seed CLI's output, byte for byte: json.dumps([asdict(result) ...], indent=2, sort_keys=True),
 * its keys written here in sorted order and its score a float's repr (1.0, 0.5, 1e-05).
 */
import { pythonDumpsExact } from '../python/jsonDumps';
import { PyFloat } from '../python/jsonLoads';
import type { Result } from './router';

/** Recall results as the seed's command line prints them (without the trailing newline print() adds). */
export function formatResults(results: readonly Result[]): string {
  return pythonDumpsExact(
    results.map((result) => ({
      bank: result.bank,
      content: result.content,
      memory_id: result.memory_id,
      score: new PyFloat(result.score),
      source_id: result.source_id,
    })),
  );
}
