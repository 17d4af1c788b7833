/**
 * What the page's side may reach: no view or page-side store imports a benchmark (bench/), a lesson
 * engine's code (the replay, the router, the memory tools, the vector index, the task verifiers, or the
 * engine's worker side, a model's answer's grader), and no view opens the database (src/db) itself, statically or by a dynamic
 * import; type imports aside, which leave nothing in the bundle. Tasks are judged in the engine only.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from '../../test-support/imports';

const SRC = resolve(dirname(new URL(import.meta.url).pathname), '..');
const ROOT = resolve(SRC, '..');

/** Value imports of `folder`'s files that land under `target` (a path from the project's root). */
export function reaching(files: ReadonlyArray<{ path: string; text: string }>, target: string): string[] {
  return files.flatMap(({ path, text }) =>
    importsOf(text.replace(/^\s*import\s+type\s[^;]*;/gm, ''))
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => relative(ROOT, resolve(dirname(path), spec)))
      .filter((to) => to === target || to.startsWith(`${target}/`))
      .map((to) => `${relative(ROOT, path)} → ${to}`),
  );
}

const filesOf = (folder: string) =>
  sourceFiles(join(SRC, folder)).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

/**
 * A lesson engine's code: what replays a scenario, runs its checks or judges its tasks. It runs in the
 * engine (src/engine/worker/), which hands the page view models. The vector lesson's data table (its
 * counts, for the lesson's words) is not engine code.
 */
const ENGINE_CODE = [
  'src/core/replay',
  'src/core/router',
  'src/core/memtool',
  'src/core/vector/kit',
  'src/core/vector/run',
  'src/core/vector/goals',
  'src/core/vector/checks',
  'src/core/vector/outcome',
  'src/core/vector/queries',
  'src/core/kits',
  'src/core/exercises/verify',
  'src/core/exercises/storeGoals',
  'src/core/exercises/engineGoals',
  'src/core/grading/scenarioGrading',
  'src/engine/worker',
];

const engineImports = (files: ReadonlyArray<{ path: string; text: string }>) =>
  ENGINE_CODE.flatMap((target) => reaching(files, target));

describe('the page’s layers', () => {
  it('no view or page-side store imports a benchmark', () => {
    expect(reaching([...filesOf('ui'), ...filesOf('state')], 'bench')).toEqual([]);
  });

  it('no view opens the database itself', () => {
    expect(reaching(filesOf('ui'), 'src/db')).toEqual([]);
  });

  it('no view or page-side store imports a lesson engine’s code: the engine sends view models and verdicts', () => {
    expect(
      engineImports(
        [...filesOf('ui'), ...filesOf('state')].filter(
          ({ path }) => !/\.test\.tsx?$|[\\/]testing(\.tsx?$|[\\/])/.test(path),
        ),
      ),
    ).toEqual([]);
  });

  it('catches a view that replays, and a store that judges tasks itself', () => {
    const at = (folder: string, text: string) => [{ path: join(SRC, folder, 'x', 'File.ts'), text }];
    expect(engineImports(at('ui', "import { replayRouterText } from '../../core/router/replay';"))).toEqual([
      'src/ui/x/File.ts → src/core/router/replay',
    ]);
    expect(engineImports(at('state', "const v = import('../../core/exercises/verify');"))).toEqual([
      'src/state/x/File.ts → src/core/exercises/verify',
    ]);
    expect(engineImports(at('ui', "import type { RouterView } from '../../core/router/kit';"))).toEqual([]);
  });

  it('finds a value import, static or dynamic, and passes over a type import', () => {
    const file = (text: string) => [{ path: join(SRC, 'ui', 'x', 'View.tsx'), text }];
    expect(reaching(file("import { a } from '../../../bench/dbBench';"), 'bench')).toEqual([
      'src/ui/x/View.tsx → bench/dbBench',
    ]);
    expect(reaching(file("const m = import('../../db/pglite');"), 'src/db')).toEqual([
      'src/ui/x/View.tsx → src/db/pglite',
    ]);
    expect(reaching(file("import type { ScopeDb } from '../../db/scopeDb';"), 'src/db')).toEqual([]);
  });
});
