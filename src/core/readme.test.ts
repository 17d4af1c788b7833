/**
 * src/core/README.md stays true to the tree: every file or folder it names in backticks exists, and
 * "The folders" names every folder and every source file at the top of src/core.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CORE = import.meta.dirname;
const SRC = join(CORE, '..');
const ROOT = join(SRC, '..');
const README = readFileSync(join(CORE, 'README.md'), 'utf8');
/** Where a name in the README may live: the core, the engine it describes, the source tree, the repo. */
const BASES = [CORE, join(SRC, 'engine'), join(SRC, 'engine/worker'), join(SRC, 'engine/client'), SRC, ROOT];
/** Every file name under src, for a bare name the text places in a folder named just before it. */
const NAMES = new Set(readdirSync(SRC, { recursive: true, encoding: 'utf8' }).map((path) => basename(path)));
/** Not files of the tree: one a mutation run writes, and the seed's own output file. */
const OUTSIDE = new Set(['reports/stryker-incremental.json', 'isolation-result.json']);

/** Each backticked span's first word when it names a file (`a/b.ts`, `b.test.ts`) or a folder (`a/`). */
function namedPaths(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)]
    .map((m) => m[1]!.split(' ')[0]!)
    .filter((word) => /^[\w./-]+$/.test(word) && (/\.(ts|tsx|json|md)$/.test(word) || word.endsWith('/')));
}

function section(heading: string): string {
  const start = README.indexOf(`## ${heading}\n`);
  if (start < 0) throw new Error(`src/core/README.md has no "## ${heading}"`);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end < 0 ? undefined : end);
}

describe('src/core/README.md', () => {
  it('names only files and folders that exist', () => {
    const missing = namedPaths(README).filter(
      (path) =>
        !OUTSIDE.has(path) &&
        !BASES.some((base) => existsSync(join(base, path))) &&
        !(!path.includes('/') && NAMES.has(path)),
    );
    expect(missing).toEqual([]);
  });

  it('lists every folder and source file of src/core under "The folders"', () => {
    const listed = new Set(namedPaths(section('The folders')));
    const entries = readdirSync(CORE, { withFileTypes: true })
      .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
      .filter((name) => name.endsWith('/') || (name.endsWith('.ts') && !name.endsWith('.test.ts')));
    expect(entries.filter((name) => !listed.has(name))).toEqual([]);
  });
});
