/**
 * Every file a command reads is bounded in bytes before it is read: a file past the limit is refused by
 * its size, and what has no size (/dev/zero) once the limit has arrived, with a located line and the
 * documented exit code (2; 5 for a course pack), never a stack trace or a memory that grows until killed.
 */
import { truncateSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { npmRun, projectText, removeScratch, scratch, STACK_LINE } from './testing';

afterAll(removeScratch);
const write = scratch('bounded-test-');

/** A sparse file of 540 MB: past the command line's limit, and past the longest string V8 can hold. */
function hugeFile(name: string): string {
  const file = write(name, '');
  truncateSync(file, 540 * 1024 * 1024);
  return file;
}

describe('a file past the limit', () => {
  it('is refused by its size by replay, located, exit 2', async () => {
    const file = hugeFile('big.json');
    const { code, stdout, stderr } = await npmRun('replay', file);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toBe(
      `${file}:1:1: (size): the file is 566,231,040 bytes; the command line reads files of at most 100,000,000 bytes\n`,
    );
  });

  it('is an invalid pack for replay --check --course, exit 5', async () => {
    const file = hugeFile('big.course.json');
    const { code, stderr } = await npmRun('replay', '--check', '--course', file);
    expect(stderr).toBe(
      `${file}:1:1: (size): the pack is 566,231,040 bytes, more than 4,000,000 characters: a course pack holds at most 4,000,000\n`,
    );
    expect(code).toBe(5);
  });
});

describe('a device with no size (/dev/zero)', () => {
  it.each([
    ['replay', [], 2, 'the command line reads files of at most 100,000,000 bytes'],
    ['grade', [], 2, 'the command line reads files of at most 100,000,000 bytes'],
    ['replay', ['--check', '--course'], 5, 'a course pack holds at most 4,000,000'],
  ])(
    '%s %s is read up to the limit only, then refused',
    async (command, flags, exit, words) => {
      const { code, stderr } = await npmRun(command, ...flags, '/dev/zero');
      expect(stderr).toMatch(/^\/dev\/zero:1:1: \(size\): more than [\d,]+ bytes arrived/);
      expect(stderr).toContain(words);
      expect(stderr).not.toMatch(STACK_LINE);
      expect(code).toBe(exit);
    },
    20_000,
  );
});

describe('a pack that is not UTF-8', () => {
  it('is an invalid pack, located at its first bad byte: exit 5, as for any invalid pack', async () => {
    const file = write('latin1.course.json', '');
    // The Latin-1 byte itself (a string would be written as UTF-8).
    writeFileSync(file, Buffer.from('{"title": "caf\xe9"}', 'latin1'));
    const { code, stderr } = await npmRun('replay', '--check', '--course', file);
    expect(stderr).toBe(
      `${file}:1:15: (encoding): not UTF-8: invalid byte sequence starting with 0xE9 at byte offset 14\n`,
    );
    expect(code).toBe(5);
  });
});

describe('a course pack whose solution patch is long', () => {
  it('proves a lesson whose solution appends 56,000 configuration items (3.9 MB) in seconds', async () => {
    const pack = JSON.parse(projectText('fixtures/courses/tutoring.course.json')) as {
      lessons: Array<{ solution: { patch: unknown[] } }>;
    };
    const lesson = pack.lessons[0]!;
    const appends = Array.from({ length: 56_000 }, (_, i) => ({
      op: 'add',
      path: '/configuration/-',
      value: { id: i.toString(36), text: '' },
    }));
    lesson.solution.patch = [...appends, ...lesson.solution.patch];
    const file = write('long-patch.course.json', JSON.stringify(pack));
    const started = Date.now();
    const { code, stderr } = await npmRun('replay', '--check', '--course', file);
    // About 1 s here; a copy of the array per operation and a scan of every item per configured item took 118 s.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(stderr).toContain('2 lessons, 0 failed');
    expect(code).toBe(0);
  }, 30_000);
});
