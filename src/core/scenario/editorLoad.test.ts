import { describe, expect, it } from 'vitest';
import { editorLoad, LARGE_EDITOR_CHARS } from './editorLoad';

describe('editorLoad', () => {
  it('lets the editor treat an ordinary scenario as JSON', () => {
    expect(editorLoad('{ "agents": [[1]] }')).toEqual({ kind: 'json' });
  });

  it('turns a large text to plain text', () => {
    expect(editorLoad(`"${'x'.repeat(LARGE_EDITOR_CHARS)}"`)).toEqual({ kind: 'large', chars: LARGE_EDITOR_CHARS + 2 });
  });

  it('locates 100,000-deep brackets and turns them to plain text, ignoring brackets inside strings', () => {
    const text = `{\n  "a": "[[[[",\n  "b": ${'['.repeat(100_000)}`;
    expect(editorLoad(text)).toMatchObject({ kind: 'too-deep', line: 3, column: 8 + 63 });
  });
});

describe('editorLoad at its edges', () => {
  it('keeps JSON help up to LARGE_EDITOR_CHARS characters, and says where a text is too deep', () => {
    expect(editorLoad(`"${'x'.repeat(LARGE_EDITOR_CHARS - 2)}"`)).toEqual({ kind: 'json' });
    expect(editorLoad('['.repeat(65))).toEqual({
      kind: 'too-deep',
      line: 1,
      column: 65,
      message:
        'nested deeper than 64 levels at line 1, column 65: shown as plain text, without JSON highlighting or checking',
    });
  });
});
