/**
 * The README's Develop section draws the tree: every folder the repository keeps, and every folder of
 * src/, has its line there, and every folder a line names exists.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/** The first code block after "## Develop". */
function developTree(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const develop = readme.indexOf('\n## Develop\n');
  const open = readme.indexOf('```text\n', develop);
  return readme.slice(open + '```text\n'.length, readme.indexOf('\n```', open + 1));
}

/** The folders of the tracked files, one level below `under` ('' for the top). */
function trackedFolders(under: string): string[] {
  const files = execFileSync('git', ['ls-files', '-z', under || '.'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  const depth = under ? under.split('/').length : 0;
  const folders = files
    .map((file) => file.split('/'))
    .filter((parts) => parts.length > depth + 1)
    .map((parts) => parts.slice(0, depth + 1).join('/'));
  return [...new Set(folders)].sort();
}

describe("the README's Develop tree", () => {
  const tree = developTree();
  const lines = new Set(tree.split('\n').map((line) => line.split(/\s+/)[0]!));

  it('has a line for every folder of the repository and of src/', () => {
    // src/ itself is drawn as its folders.
    const folders = [...trackedFolders('').filter((folder) => folder !== 'src'), ...trackedFolders('src')];
    expect(folders.filter((folder) => !lines.has(`${folder}/`) && !lines.has(`${folder}/run`))).toEqual([]);
  });

  it('names only folders that exist', () => {
    const named = [...lines].filter((word) => /^[\w.-]+(\/[\w.-]+)*\/$/.test(word));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((folder) => !existsSync(join(ROOT, folder)))).toEqual([]);
  });
});
