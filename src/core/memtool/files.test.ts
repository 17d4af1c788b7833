/**
 * File-backed memory: a path is an identifier too. The naive check judges the string before it is
 * canonicalised and is walked past by encoded separators, a link and a sibling prefix; the safe one holds.
 */
import { describe, expect, it } from 'vitest';
import { sessionFor } from './session';
import {
  type MemoryFiles,
  decodePath,
  memoryRoot,
  naivePathCheck,
  naiveView,
  openPath,
  safePathCheck,
  safeView,
} from './files';

const FS: MemoryFiles = {
  files: new Map([
    ['/memories/org_2207/usr_310/notes.md', 'Customer prefers email follow-ups.'],
    ['/memories/org_2207/usr_3104/notes.md', "Draft of usr_310's quarterly review."],
    ['/memories/org_4471/usr_88213/notes.md', 'Acquisition talks with Northwind close in March.'],
  ]),
  links: new Map([
    ['/memories/org_2207/usr_310/shared', '/memories/org_4471/usr_88213'],
    ['/memories/org_2207/usr_310/here', '.'],
    ['/memories/org_2207/usr_310/loop', 'loop'],
  ]),
};
const SUPPORT = sessionFor({ org_id: 'org_2207', user_id: 'usr_310', roles: [] });
const ROOT = memoryRoot({ org_id: 'org_2207', user_id: 'usr_310' });
const VICTIM = '/memories/org_4471/usr_88213/notes.md';

describe('resolving a memory path', () => {
  it('gives each principal its own root', () => {
    expect(ROOT).toBe('/memories/org_2207/usr_310');
  });

  it.each([
    ['notes.md', `${ROOT}/notes.md`],
    ['./a/../notes.md', `${ROOT}/notes.md`],
    ['/notes.md', `${ROOT}/notes.md`],
    ['here/notes.md', `${ROOT}/notes.md`],
  ])('keeps %j under the root', (raw, opened) => {
    expect(safePathCheck(ROOT, raw, FS.links)).toMatchObject({ allowed: true, opened });
    expect(naivePathCheck(ROOT, raw, FS.links)).toMatchObject({ allowed: true, opened });
  });

  it('refuses plain ../ both ways: the naive check is not useless, only insufficient', () => {
    const raw = '../../org_4471/usr_88213/notes.md';
    expect(safePathCheck(ROOT, raw, FS.links).allowed).toBe(false);
    expect(naivePathCheck(ROOT, raw, FS.links)).toMatchObject({ allowed: false, checked: VICTIM });
  });

  it.each([
    ['an encoded traversal', '%2e%2e%2f%2e%2e%2forg_4471%2fusr_88213%2fnotes.md', VICTIM],
    ['encoded separators only', '..%2f..%2forg_4471/usr_88213/notes.md', VICTIM],
    ['a symbolic link inside the root', 'shared/notes.md', VICTIM],
    ['a sibling that shares the root as a prefix', '../usr_3104/notes.md', '/memories/org_2207/usr_3104/notes.md'],
  ])('lets %s past the naive check, and not past the safe one', (_what, raw, escaped) => {
    expect(naivePathCheck(ROOT, raw, FS.links)).toMatchObject({ allowed: true, opened: escaped });
    expect(safePathCheck(ROOT, raw, FS.links)).toMatchObject({ allowed: false, opened: null, checked: escaped });
  });

  it('lets the naive check pass a path it then cannot open, and says why; the safe check compares nothing', () => {
    expect(naivePathCheck(ROOT, 'loop/x', FS.links)).toEqual({
      raw: 'loop/x',
      root: ROOT,
      checked: `${ROOT}/loop/x`,
      allowed: true,
      opened: null,
      problem: 'Too many levels of symbolic links',
    });
    expect(safePathCheck(ROOT, '%zz', FS.links)).toEqual({
      raw: '%zz',
      root: ROOT,
      checked: '',
      allowed: false,
      opened: null,
      problem: 'malformed percent-encoding',
    });
    expect(naivePathCheck(ROOT, '../../..', FS.links)).toEqual({
      raw: '../../..',
      root: ROOT,
      checked: '/',
      allowed: false,
      opened: null,
      problem: null,
    });
    expect(safePathCheck(ROOT, 'notes.md', FS.links)).toEqual({
      raw: 'notes.md',
      root: ROOT,
      checked: `${ROOT}/notes.md`,
      allowed: true,
      opened: `${ROOT}/notes.md`,
      problem: null,
    });
  });

  it('decodes percent-escapes once, as the file server does, and refuses what cannot be decoded', () => {
    expect(decodePath('%252e%252e%252f')).toEqual({ kind: 'ok', path: '%2e%2e%2f' });
    expect(decodePath('%zz')).toEqual({ kind: 'invalid', reason: 'malformed percent-encoding' });
    expect(decodePath('notes.md%00.txt')).toEqual({ kind: 'invalid', reason: 'the path contains a NUL byte' });
    expect(openPath(ROOT, '%252e%252e%252fx', FS.links)).toEqual({ kind: 'ok', path: `${ROOT}/%2e%2e%2fx` });
    expect(openPath(ROOT, 'loop/x', FS.links)).toEqual({
      kind: 'invalid',
      reason: 'Too many levels of symbolic links',
    });
    expect(openPath(ROOT, '%zz', FS.links)).toEqual({ kind: 'invalid', reason: 'malformed percent-encoding' });
  });
});

describe('viewing a memory file', () => {
  const view = (raw: string) => ({
    safe: safeView(FS, SUPPORT, { path: raw }).response,
    naive: naiveView(FS, SUPPORT, { path: raw }).response,
  });

  it("reads the principal's own file both ways", () => {
    expect(view('notes.md')).toEqual({
      safe: { kind: 'ok', text: 'Customer prefers email follow-ups.', records: [] },
      naive: { kind: 'ok', text: 'Customer prefers email follow-ups.', records: [] },
    });
  });

  it("hands the naive caller another tenant's file through a link, and refuses the safe one", () => {
    const { safe, naive } = view('shared/notes.md');
    expect(naive.text).toBe('Acquisition talks with Northwind close in March.');
    expect(safe).toEqual({ kind: 'error', text: 'Access denied: shared/notes.md is outside your memory directory.' });
  });

  it('says when a file is missing, a link loops, or the path cannot be decoded', () => {
    expect(view('none.md').safe.text).toBe('The path none.md does not exist.');
    expect(view('loop/x').safe.text).toBe('Cannot open loop/x: Too many levels of symbolic links.');
    expect(view('%e0%a4%a').safe.text).toBe('Cannot open %e0%a4%a: malformed percent-encoding.');
    expect(view('loop/x').naive).toEqual({
      kind: 'error',
      text: 'Cannot open loop/x: Too many levels of symbolic links.',
    });
    expect(view('../../org_4471/usr_88213/notes.md').naive).toEqual({
      kind: 'error',
      text: 'Access denied: ../../org_4471/usr_88213/notes.md is outside your memory directory.',
    });
    expect(view('none.md').naive).toEqual({ kind: 'error', text: 'The path none.md does not exist.' });
  });

  it('has no root without a principal, so it opens nothing', () => {
    const nobody = safeView(FS, sessionFor(null), { path: 'notes.md' });
    expect(nobody).toEqual({
      response: { kind: 'no-principal', text: 'no principal is established for this request' },
      attempt: null,
    });
  });

  it('records the check it made beside the answer', () => {
    expect(safeView(FS, SUPPORT, { path: 'shared/notes.md' }).attempt).toMatchObject({
      raw: 'shared/notes.md',
      checked: VICTIM,
      allowed: false,
    });
    expect(naiveView(FS, SUPPORT, {}).response).toEqual({ kind: 'error', text: 'missing required argument: path' });
  });
});
