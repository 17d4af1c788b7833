/**
 * What the page's side may reach: no view or page-side store imports a benchmark (bench/), and no view
 * opens the database (src/db) itself, statically or by a dynamic import; type imports aside, which
 * leave nothing in the bundle.
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

/** Views that still open the database themselves: none may be added. */
const OPENS_DB_TODAY = ['src/ui/vector/VectorLesson.tsx → src/db/vectorDbPage'];

describe('the page’s layers', () => {
  it('no view or page-side store imports a benchmark', () => {
    expect(reaching([...filesOf('ui'), ...filesOf('state')], 'bench')).toEqual([]);
  });

  it('no view opens the database itself', () => {
    expect(reaching(filesOf('ui'), 'src/db')).toEqual(OPENS_DB_TODAY);
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
