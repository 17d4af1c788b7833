import { describe, expect, it } from 'vitest';
import { inlineCode, plainText } from './inlineCode';

describe('inline code in task text', () => {
  it('splits backticked runs from plain text', () => {
    expect(inlineCode('Add an `expect` assertion to `steps`.')).toEqual([
      { code: false, text: 'Add an ' },
      { code: true, text: 'expect' },
      { code: false, text: ' assertion to ' },
      { code: true, text: 'steps' },
      { code: false, text: '.' },
    ]);
    expect(plainText('Add an `expect` assertion')).toBe('Add an expect assertion');
  });

  it('keeps an unpaired backtick and markup as text', () => {
    expect(inlineCode('a ` b')).toEqual([{ code: false, text: 'a ` b' }]);
    expect(inlineCode('`<img src=x onerror=alert(1)>`')).toEqual([
      { code: true, text: '<img src=x onerror=alert(1)>' },
    ]);
    expect(inlineCode('')).toEqual([]);
  });

  it('reads a backtick at any place, and drops an empty pair', () => {
    expect(inlineCode('a`b` c')).toEqual([
      { code: false, text: 'a' },
      { code: true, text: 'b' },
      { code: false, text: ' c' },
    ]);
    expect(inlineCode('``x')).toEqual([{ code: false, text: 'x' }]);
    expect(inlineCode('run `` now')).toEqual([
      { code: false, text: 'run ' },
      { code: false, text: ' now' },
    ]);
    expect(plainText('run `` now')).toBe('run  now');
    expect(inlineCode('`a` b')).toEqual([
      { code: true, text: 'a' },
      { code: false, text: ' b' },
    ]);
  });
});

describe('identifiers wrap only at - and _', () => {
  it('cuts after each separator and nowhere else', async () => {
    const { wrapParts } = await import('./inlineCode');
    expect(wrapParts('alice-export-limit')).toEqual(['alice-', 'export-', 'limit']);
    expect(wrapParts('handoff-1-brief')).toEqual(['handoff-', '1-', 'brief']);
    expect(wrapParts('snake_case_id')).toEqual(['snake_', 'case_', 'id']);
    expect(wrapParts('plain')).toEqual(['plain']);
    expect(wrapParts('alice--bob__x')).toEqual(['alice--', 'bob__', 'x']);
    expect(wrapParts('')).toEqual(['']);
  });
});
