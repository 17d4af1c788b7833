import { describe, expect, it } from 'vitest';
import { applyPatch } from './patch';

const doc = () => ({ steps: [{ op: 'a' }, { op: 'b' }], title: 'x', 'a/b': { '~k': 1 } });

describe('applyPatch', () => {
  it('adds, replaces and removes in order, and leaves its input unchanged', () => {
    const input = doc();
    const outcome = applyPatch(input, [
      { op: 'add', path: '/steps/-', value: { op: 'c' } },
      { op: 'add', path: '/steps/0', value: { op: 'first' } },
      { op: 'replace', path: '/title', value: 'y' },
      { op: 'remove', path: '/steps/1' },
      { op: 'add', path: '/steps/0/expect', value: { accepted: true } },
    ]);
    expect(outcome).toEqual({
      kind: 'ok',
      value: {
        steps: [{ op: 'first', expect: { accepted: true } }, { op: 'b' }, { op: 'c' }],
        title: 'y',
        'a/b': { '~k': 1 },
      },
    });
    expect(input).toEqual(doc());
  });

  it('unescapes ~1 and ~0 in a pointer', () => {
    expect(applyPatch(doc(), [{ op: 'replace', path: '/a~1b/~0k', value: 2 }])).toMatchObject({
      value: { 'a/b': { '~k': 2 } },
    });
  });

  it('names the operation and what is wrong when one cannot apply, and applies none after it', () => {
    expect(applyPatch(doc(), [{ op: 'replace', path: '/steps/5', value: 1 }])).toEqual({
      kind: 'invalid',
      at: 0,
      message: 'replace at "/steps/5": index 5 is past the end (the array holds 2)',
    });
    expect(
      applyPatch(doc(), [
        { op: 'add', path: '/title', value: 1 },
        { op: 'remove', path: '/nothing' },
      ]),
    ).toEqual({
      kind: 'invalid',
      at: 1,
      message: 'remove at "/nothing": there is no "nothing" to remove',
    });
    expect(applyPatch(doc(), [{ op: 'add', path: '/steps/01', value: 1 }])).toMatchObject({
      message: 'add at "/steps/01": "01" is not an array index',
    });
    expect(applyPatch(doc(), [{ op: 'add', path: '/title/x', value: 1 }])).toMatchObject({
      message: 'add at "/title/x": "x" goes inside string, which has no members',
    });
  });

  it('keeps a "__proto__" key as data, never as the prototype', () => {
    const outcome = applyPatch({}, [{ op: 'add', path: '/__proto__', value: { polluted: true } }]);
    expect(outcome.kind === 'ok' && Object.hasOwn(outcome.value as object, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
