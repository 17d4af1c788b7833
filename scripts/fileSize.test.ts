/**
 * No source file the repository keeps is over 300 lines, tests aside, and but the data tables named
 * here: a file that grows past it is split where its parts meet (as bench/paste.ts was, into its cases
 * and its page). src/state is held to it most of all: state and intent-named actions only.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const LIMIT = 300;
/** Tables of data, long because the data is: each canary of the conformance suite, for example. */
const DATA_TABLES = new Set(['src/core/conformance/canaries.ts']);

const sources = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\0')
  .filter((file) => /\.(ts|tsx|mjs|cjs|js|py|sh)$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file));

describe('source files', () => {
  it(`are at most ${LIMIT} lines, data tables aside`, () => {
    expect(sources.filter((file) => file.startsWith('src/state/')).length).toBeGreaterThan(10);
    const long = sources
      .filter((file) => !DATA_TABLES.has(file))
      .map((file) => ({ file, lines: readFileSync(join(ROOT, file), 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > LIMIT);
    expect(long).toEqual([]);
  });
});
