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

  it('replaces the whole document at the empty pointer, and refuses to remove it', () => {
    expect(applyPatch(doc(), [{ op: 'replace', path: '', value: [1] }])).toEqual({ kind: 'ok', value: [1] });
    expect(applyPatch(doc(), [{ op: 'remove', path: '' }])).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('whole document'),
    });
  });

  it('replaces an array element in place and removes an object member outright', () => {
    const outcome = applyPatch(doc(), [
      { op: 'replace', path: '/steps/1', value: { op: 'z' } },
      { op: 'remove', path: '/title' },
    ]);
    expect(outcome.kind === 'ok' && outcome.value).toEqual({ steps: [{ op: 'a' }, { op: 'z' }], 'a/b': { '~k': 1 } });
    expect(outcome.kind === 'ok' && Object.keys(outcome.value as object)).toEqual(['steps', 'a/b']);
  });

  it('lets add append at the index one past the end, but nothing else go there', () => {
    expect(applyPatch(doc(), [{ op: 'add', path: '/steps/2', value: 'c' }])).toMatchObject({
      value: { steps: [{ op: 'a' }, { op: 'b' }, 'c'] },
    });
    for (const op of [
      { op: 'replace', path: '/steps/2', value: 1 },
      { op: 'remove', path: '/steps/2' },
      { op: 'replace', path: '/steps/-', value: 1 },
      { op: 'add', path: '/steps/-/op', value: 1 },
    ] as const)
      expect(applyPatch(doc(), [op]), op.path).toMatchObject({ kind: 'invalid', at: 0 });
  });

  it('reports a problem deep inside the document where it is', () => {
    expect(applyPatch(doc(), [{ op: 'replace', path: '/steps/0/nope', value: 1 }])).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('there is no "nope" to replace'),
    });
    expect(applyPatch(doc(), [{ op: 'add', path: '/nothing/x', value: 1 }])).toMatchObject({
      message: 'add at "/nothing/x": there is no "nothing"',
    });
    expect(applyPatch({ a: null }, [{ op: 'add', path: '/a/x', value: 1 }])).toMatchObject({
      message: expect.stringContaining('inside null'),
    });
  });

  it('adds an ordinary member: the caller may change or delete it afterwards', () => {
    const outcome = applyPatch({}, [{ op: 'add', path: '/k', value: 1 }]);
    const value = (outcome.kind === 'ok' ? outcome.value : {}) as Record<string, unknown>;
    value.k = 2;
    expect(value.k).toBe(2);
    delete value.k;
    expect(value).toEqual({});
  });

  it('applies 56,000 appends in linear time, leaving the input and the values unchanged', () => {
    const input = { configuration: [{ id: 'first' }] };
    const ops = Array.from({ length: 56_000 }, (_, i) => ({
      op: 'add' as const,
      path: '/configuration/-',
      value: { id: `item-${i}` },
    }));
    ops.push({ op: 'add', path: '/configuration/1/id', value: 'changed' } as never);
    const started = performance.now();
    const outcome = applyPatch(input, ops);
    const ms = performance.now() - started;
    // Linear: about 20 ms here; one copy of the array per operation took 118 s.
    expect(ms).toBeLessThan(1_000);
    const value = (outcome.kind === 'ok' ? outcome.value : {}) as typeof input;
    expect(value.configuration).toHaveLength(56_001);
    expect(value.configuration[1]).toEqual({ id: 'changed' });
    expect(value.configuration[56_000]).toEqual({ id: 'item-55999' });
    expect(input.configuration).toEqual([{ id: 'first' }]);
    expect(ops[0]!.value).toEqual({ id: 'item-0' });
  });

  it('copies a value an earlier operation added before a later one changes it', () => {
    const value = { n: 1 };
    const outcome = applyPatch({}, [
      { op: 'add', path: '/a', value },
      { op: 'replace', path: '/a/n', value: 2 },
    ]);
    expect(outcome).toEqual({ kind: 'ok', value: { a: { n: 2 } } });
    expect(value).toEqual({ n: 1 });
  });
});
