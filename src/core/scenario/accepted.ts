/**
 * The command line's fast path: a scenario accepted by its stored shape (shape.ts) without loading zod.
 * Apart from shape.ts, which scenario.ts imports, so that naming the Scenario type here makes no circle.
 */
import { acceptScenario } from './shape';
import type { Scenario } from './scenario';

/**
 * The scenario in `text` when it is JSON the schema certainly accepts as it is, else undefined (ask
 * parseScenario, which explains what is wrong). Such a value is never nested deeper than the shape.
 */
export function acceptedScenario(text: string): Scenario | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return acceptScenario(value) ? (value as Scenario) : undefined;
}
