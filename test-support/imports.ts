/** What the layering tests read of a source file: the modules it imports, and the files of a folder. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every module a file names: static imports and re-exports, dynamic imports, and a worker's URL. */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm,
    /^\s*import\s+'([^']+)'/gm,
    /\bimport\(\s*'([^']+)'\s*\)/g,
    /\bnew URL\(\s*'([^']+)'\s*,\s*import\.meta\.url/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** Every TypeScript file under `dir` but the tests. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
