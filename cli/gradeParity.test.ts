/**
 * `npm run grade` against what the seed's answer_check.py printed for the same files
 * (fixtures/grading/make.py wrote both): the file's key order, seeds exactly as Python reads and
 * prints them, and Python's word boundary in the "bob" rule.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { npmRun, projectText } from './testing';

const CASES = readdirSync('fixtures/grading')
  .filter((name) => name.endsWith('.answers.json'))
  .map((name) => name.replace('.answers.json', ''));

describe('npm run grade, against the seed', () => {
  it('has the parity cases', () => {
    expect(CASES).toEqual(['key-order', 'seeds', 'word-boundary']);
  });

  it.concurrent.each(CASES)('prints what the seed printed for %s, byte for byte', async (name) => {
    const { code, stdout, stderr } = await npmRun('grade', `fixtures/grading/${name}.answers.json`);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(projectText(`fixtures/grading/${name}.expected.json`));
  });
});
