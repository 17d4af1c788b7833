import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The state layer stays small: state and intent-named actions; derivations live in the engine or the core. */
const LIMIT = 300;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('src/state', () => {
  it(`has no source file over ${LIMIT} lines`, () => {
    const files = sources('src/state');
    expect(files.length).toBeGreaterThan(10);
    const long = files
      .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > LIMIT);
    expect(long).toEqual([]);
  });
});
