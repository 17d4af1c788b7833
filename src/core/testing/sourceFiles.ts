/** The TypeScript files below a folder, for tests that read the code itself (the import graphs). */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Each .ts and .tsx file below `dir`, by its path from `dir` ('/'-separated), to its text. */
export function sourcesUnder(dir: string): Map<string, string> {
  const sources = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    sources.set(relative(dir, path).split('\\').join('/'), readFileSync(path, 'utf8'));
  }
  return sources;
}
