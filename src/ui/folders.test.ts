/**
 * The views' folders import one way: no two feature folders import each other (by any path), and
 * `common/` (the widgets and contexts every feature shares) imports no feature folder. A widget two
 * features need lives in `common/`; the page's composition (App, Page, LessonShell) sits at the root.
 */
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../core/testing/importGraph';
import { sourcesUnder } from '../core/testing/sourceFiles';

const UI = import.meta.dirname;
const ROOT = '(root)';

/** The folder a file of src/ui belongs to: its first segment, or the root for App.tsx and its peers. */
const folderOf = (path: string): string => (path.includes('/') ? path.split('/')[0]! : ROOT);

/** Which folders each folder imports (a folder's imports of itself left out), from a file graph. */
function folderGraph(files: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [from, targets] of files) {
    const out = folders.get(folderOf(from)) ?? new Set<string>();
    folders.set(folderOf(from), out);
    for (const to of targets) if (folderOf(to) !== folderOf(from)) out.add(folderOf(to));
  }
  return new Map([...folders].map(([folder, targets]) => [folder, [...targets].sort()]));
}

/** Each import of a file in `common/` that reaches into a feature folder, as "file -> target". */
function commonReachingOut(files: ReadonlyMap<string, readonly string[]>): string[] {
  return [...files]
    .filter(([from]) => folderOf(from) === 'common')
    .flatMap(([from, targets]) => targets.filter((to) => folderOf(to) !== 'common').map((to) => `${from} -> ${to}`));
}

describe('the views folders', () => {
  const files = importGraph(sourcesUnder(UI));

  it('import each other one way only', () => {
    expect(files.size).toBeGreaterThan(150);
    const cycles = importCycles(folderGraph(files)).map((cycle) => [...cycle, cycle[0]].join(' -> '));
    expect(cycles).toEqual([]);
  });

  it('keep common free of any feature folder', () => {
    expect(commonReachingOut(files)).toEqual([]);
  });

  it('name a pair of folders that import each other', () => {
    const broken = new Map(files);
    const add = (from: string, to: string) => broken.set(from, [...(files.get(from) ?? []), to]);
    add('timeline/Timeline.tsx', 'workbench/Workbench.tsx');
    add('workbench/Workbench.tsx', 'timeline/Timeline.tsx');
    expect(importCycles(folderGraph(broken))).toEqual([['timeline', 'workbench']]);
  });

  it('name a common file that imports a feature folder', () => {
    const broken = new Map(files);
    broken.set('common/Banner.tsx', ['common/icons.tsx', 'lessons/LessonBar.tsx']);
    expect(commonReachingOut(broken)).toEqual(['common/Banner.tsx -> lessons/LessonBar.tsx']);
  });
});
