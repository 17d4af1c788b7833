/**
 * `replay` loads zod only when a scenario needs it: a valid one is accepted by the stored shape
 * (src/core/scenario/shape.ts) and replayed without it: loading zod and building the schema cost
 * about 15 ms of every start-up.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { projectText, removeScratch, run, scratch } from './testing';

afterAll(removeScratch);

/** Prints on exit whether zod ran in the process (it sets a global when it loads). */
const REPORT_ZOD =
  'data:text/javascript,process.on("exit",()=>process.stderr.write(`zod loaded: ${globalThis.__zod_globalConfig !== undefined}\\n`))';
const replay = (file: string) => run('node', ['--import', REPORT_ZOD, 'scripts/cli.mjs', 'replay', file]);

describe('replay without zod', () => {
  it('replays a valid scenario without loading zod, output unchanged', async () => {
    const { code, stdout, stderr } = await replay('fixtures/scenario.json');
    expect(code).toBe(0);
    expect(stdout).toBe(projectText('recorded/isolation-result.json'));
    expect(stderr).toBe('zod loaded: false\n');
  });

  it('loads zod to explain an invalid scenario', async () => {
    const file = scratch()('invalid.json', '{"agents": []}\n');
    const { code, stderr } = await replay(file);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `${file}:1:1: configuration: missing: expected an array\n${file}:1:1: steps: missing: expected an array\nzod loaded: true\n`,
    );
  });
});
