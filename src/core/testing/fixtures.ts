/**
 * Test-only helpers: the seed's fixtures and its store_before_close(). Reads files with node:fs,
 * so nothing outside tests may import this folder (the core itself stays free of Node imports).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { ContextStore } from '../store/store';
import { makeAgent, makePrincipal } from '../store/entities';
import { scenarioSchema, type Scenario } from '../scenario/scenario';
import { replay, type Timeline } from '../replay/replayText';
import type { Rules } from '../store/rules';

const ROOT = new URL('../../../', import.meta.url);

/** A file of the project, as text. */
export function projectText(path: string): string {
  return readFileSync(new URL(path, ROOT), 'utf8');
}

/** A JSON file of the project, parsed. */
export function projectJson(path: string): unknown {
  return JSON.parse(projectText(path));
}

/** The seed scenario (fixtures/scenario.json), freshly parsed for each caller. */
export function seedScenario(): Scenario {
  return scenarioSchema.parse(projectJson('fixtures/scenario.json'));
}

/** Names of the generated golden cases: "case-000", ... */
export function goldenCases(): string[] {
  return readdirSync(new URL('fixtures/golden/', ROOT))
    .filter((name) => name.endsWith('.scenario.json'))
    .map((name) => name.replace('.scenario.json', ''))
    .sort();
}

export const QUESTION = 'What is the plan for the export job?';
export const BOB = makePrincipal('bob', 'task-17', 'planner');
export const ALICE = makePrincipal('alice', 'task-9', 'planner');
export const BOB_RESEARCHER = makePrincipal('bob', 'task-17', 'researcher');

/** A store built from a scenario's agents and configuration, with no steps applied. */
export function configuredStore(scenario: Scenario = seedScenario()): ContextStore {
  const store = new ContextStore(scenario.agents.map((a) => makeAgent(a.name, a.role, a.tools, a.reads)));
  for (const item of scenario.configuration) store.configure(item.id, item.text);
  return store;
}

/**
 * The seed's store_before_close(): configuration, writes and handoffs of the seed scenario,
 * queries and close_task skipped.
 */
export function storeBeforeClose(scenario: Scenario = seedScenario()): ContextStore {
  const store = configuredStore(scenario);
  for (const step of scenario.steps) {
    if (step.op === 'write') store.write(makePrincipal(...step.as), step.scope, step.id, step.text);
    else if (step.op === 'handoff') store.handoff(makePrincipal(...step.as), step.to, step.items, step.brief);
  }
  return store;
}

/** IDs of a list of items, for readable assertions. */
export function ids(items: ReadonlyArray<{ id: string }>): string[] {
  return items.map((item) => item.id);
}

/** Replay a scenario that must be valid; a test that gets 'invalid' here fails loudly. */
export function replayOk(scenario: Scenario, rules?: Rules): Timeline {
  const outcome = replay(scenario, rules);
  if (outcome.kind !== 'ok') throw new Error(`expected a valid scenario: ${JSON.stringify(outcome.problems)}`);
  return outcome.timeline;
}

/** The seed scenario's agents and configuration with these steps (checked by the schema). */
export function scenarioWith(steps: unknown[], configuration: unknown[] = seedScenario().configuration): Scenario {
  return scenarioSchema.parse({ agents: seedScenario().agents, configuration, steps });
}

/**
 * Line and column (from 1, in UTF-16 units) where the `nth` occurrence (from 0) of `needle` starts,
 * or of the end of the text when needle is null. Counted here, independently of the parser under test.
 */
export function positionOf(text: string, needle: string | null, nth = 0): { line: number; column: number } {
  let offset = needle === null ? text.length : -1;
  for (let i = 0; needle !== null && i <= nth; i++) {
    offset = text.indexOf(needle, offset + 1);
    if (offset === -1) throw new Error(`${JSON.stringify(needle)} occurs fewer than ${nth + 1} times`);
  }
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}
