import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../core/scenario/scenario';

/** The engine's session in a worker thread whose stack is as small as a browser's Web Worker's can be. */
function runOnSmallStack(text: string): Promise<Problem[]> {
  const run = new URL('./testing/smallStackRun.ts', import.meta.url).href;
  // The TypeScript loader registered in the thread itself, then the session's module loaded.
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(run)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: text, resourceLimits: { stackSizeMb: 0.5 } });
  return new Promise<Problem[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => void worker.terminate());
}

describe('the engine on a small stack', () => {
  it('locates each of 100,000 bad steps, not one failed replay', async () => {
    const BAD = 100_000;
    const text = `{\n"agents": [],\n"configuration": [],\n"steps": [\n${Array.from({ length: BAD }, () => '1').join(',\n')}\n]\n}\n`;
    const problems = await runOnSmallStack(text);
    expect(problems).toHaveLength(BAD);
    expect(problems[0]).toMatchObject({ path: 'steps[0]', line: 5, column: 1 });
    expect(problems[BAD - 1]).toMatchObject({ path: `steps[${BAD - 1}]`, line: 5 + BAD - 1 });
  }, 60_000);
});
