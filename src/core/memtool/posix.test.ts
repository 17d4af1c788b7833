/** The string path arithmetic, checked against Node's own path.posix on random paths. */
import { posix } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LINK_HOPS, isUnder, normalizePosix, realPath } from './posix';

const segment = fc.constantFrom('', '.', '..', '...', 'a', 'b', '.a', 'a.', '%2e%2e', 'memories', 'memories2');
const pathText = fc.array(segment, { maxLength: 8 }).map((parts) => parts.join('/'));

describe('normalizePosix', () => {
  it('agrees with path.posix.normalize on any path of dots, names and slashes', () => {
    fc.assert(
      fc.property(pathText, (path) => normalizePosix(path) === posix.normalize(path)),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['', '.'],
    ['/', '/'],
    ['//a//b/', '/a/b/'],
    ['/../..', '/'],
    ['a/../..', '..'],
    ['./', './'],
    ['a/..', '.'],
    ['/a/./b/../c', '/a/c'],
  ])('normalizes %j to %j', (path, expected) => {
    expect(normalizePosix(path)).toBe(expected);
  });
});

describe('isUnder', () => {
  it('holds for the root and what is inside it, and not for a sibling sharing its prefix', () => {
    expect(isUnder('/memories/org_1/usr_310', '/memories/org_1/usr_310')).toBe(true);
    expect(isUnder('/memories/org_1/usr_310', '/memories/org_1/usr_310/notes.md')).toBe(true);
    expect(isUnder('/memories/org_1/usr_310', '/memories/org_1/usr_3104/notes.md')).toBe(false);
    expect(isUnder('/memories', '/memories2/notes.md')).toBe(false);
  });

  it('takes a root written with its trailing slash as the same directory', () => {
    expect(isUnder('/', '/etc/passwd')).toBe(true);
    expect(isUnder('/memories/', '/memories/org_1')).toBe(true);
    expect(isUnder('/memories/', '/memories2')).toBe(false);
  });
});

describe('realPath', () => {
  const links = new Map([
    ['/m/u/shared', '/m/v'],
    ['/m/u/up', '..'],
    ['/m/u/loop', '/m/u/loop'],
    ['/m/v/next', 'deeper/x'],
  ]);

  it('follows an absolute link, and a relative one from its own directory', () => {
    expect(realPath('/m/u/shared/notes.md', links)).toEqual({ kind: 'ok', path: '/m/v/notes.md' });
    expect(realPath('/m/u/up/v/notes.md', links)).toEqual({ kind: 'ok', path: '/m/v/notes.md' });
    expect(realPath('/m/u/shared/next', links)).toEqual({ kind: 'ok', path: '/m/v/deeper/x' });
  });

  it('climbs from the target of a link, not from the link (physical, not lexical, ..)', () => {
    expect(realPath('/m/u/shared/../w', links)).toEqual({ kind: 'ok', path: '/m/w' });
    expect(normalizePosix('/m/u/shared/../w')).toBe('/m/u/w');
  });

  it('stops at the root and reports a loop instead of spinning', () => {
    expect(realPath('/../../etc', new Map())).toEqual({ kind: 'ok', path: '/etc' });
    expect(realPath('/m/u/loop/x', links)).toEqual({ kind: 'loop', reason: 'Too many levels of symbolic links' });
  });

  it(`follows a chain of ${MAX_LINK_HOPS} links, as POSIX allows, and calls one more a loop`, () => {
    const chain = (hops: number) =>
      new Map(Array.from({ length: hops }, (_, i) => [`/l${i}`, i === hops - 1 ? '/end' : `/l${i + 1}`]));
    expect(realPath('/l0/x', chain(MAX_LINK_HOPS))).toEqual({ kind: 'ok', path: '/end/x' });
    expect(realPath('/l0/x', chain(MAX_LINK_HOPS + 1)).kind).toBe('loop');
  });

  it('climbs from a relative target without leaving the root, and keeps what follows the link', () => {
    const links = new Map([['/a/b/up2', '../../..']]);
    expect(realPath('/a/b/up2/c/./d', links)).toEqual({ kind: 'ok', path: '/c/d' });
  });

  it('equals the lexical normal form when there are no links', () => {
    fc.assert(
      fc.property(pathText, (path) => {
        const absolute = `/${path}`;
        const lexical = normalizePosix(absolute).replace(/(.)\/$/, '$1');
        return (
          realPath(absolute, new Map()).kind === 'ok' &&
          (realPath(absolute, new Map()) as { path: string }).path === lexical
        );
      }),
      { numRuns: 2000 },
    );
  });
});
