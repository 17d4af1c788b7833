import { describe, expect, it } from 'vitest';
import { drain } from './work';
import type { monaco } from './monacoSetup';
import { pieceEnds, replaceInPieces, type PieceModel } from './pieces';

const cut = (text: string, size: number) => {
  const ends = [...pieceEnds(text, size), text.length];
  return ends.map((end, i) => text.slice(i === 0 ? 0 : ends[i - 1], end));
};

describe('cutting a large text into pieces', () => {
  it('gives pieces of at most the size that join back into the text', () => {
    const text = 'abcdefghij'.repeat(100) + 'xyz';
    const pieces = cut(text, 64);
    expect(pieces.join('')).toBe(text);
    expect(pieces.every((p) => p.length <= 64 && p.length > 0)).toBe(true);
    expect(pieces).toHaveLength(Math.ceil(text.length / 64));
  });

  it('leaves a text of one piece whole', () => {
    expect(pieceEnds('a'.repeat(64), 64)).toEqual([]);
    expect(pieceEnds('', 64)).toEqual([]);
  });

  it('never cuts a CR LF line end or a surrogate pair in two', () => {
    // Every position in turn holds the pair at the cut.
    for (let at = 1; at < 12; at++) {
      for (const pair of ['\r\n', '😀']) {
        const text = 'x'.repeat(at) + pair + 'y'.repeat(20);
        for (const piece of cut(text, 4)) {
          expect(piece.endsWith('\r')).toBe(false);
          expect(/[\uD800-\uDBFF]$/.test(piece)).toBe(false);
        }
        expect(cut(text, 4).join('')).toBe(text);
      }
    }
  });

  it('refuses a size that cannot hold a pair', () => {
    expect(() => pieceEnds('abc', 1)).toThrow('a piece must hold at least 2 units, not 1');
  });
});

/**
 * A model over a string, with Monaco's positions (lines and columns from 1) and a log of undo stops and
 * edits, each edit marked as recorded for undo or not.
 */
function stringModel(text: string) {
  const log: string[] = [];
  let disposed = false;
  const offsetAt = (line: number, column: number) => {
    let offset = 0;
    for (let l = 1; l < line; l++) offset = text.indexOf('\n', offset) + 1;
    return offset + column - 1;
  };
  const positionAt = (offset: number) => {
    const before = text.slice(0, offset).split('\n');
    return { lineNumber: before.length, column: before.at(-1)!.length + 1 };
  };
  const apply = (op: monaco.editor.IIdentifiedSingleEditOperation, kind: string) => {
    const { range, text: inserted } = op;
    const start = offsetAt(range.startLineNumber, range.startColumn);
    text = text.slice(0, start) + inserted + text.slice(offsetAt(range.endLineNumber, range.endColumn));
    log.push(`${kind} ${inserted!.length}`);
    const [from, to] = [positionAt(start), positionAt(start + inserted!.length)];
    const placed = {
      startLineNumber: from.lineNumber,
      startColumn: from.column,
      endLineNumber: to.lineNumber,
      endColumn: to.column,
    };
    return [{ range: placed, text: '' } as monaco.editor.IValidEditOperation];
  };
  const model: PieceModel = {
    isDisposed: () => disposed,
    pushStackElement: () => void log.push('stop'),
    pushEditOperations(_before, [op], computer) {
      computer!(apply(op!, 'edit'));
      return null;
    },
    applyEdits: ((ops: monaco.editor.IIdentifiedSingleEditOperation[]) =>
      apply(ops[0]!, 'unrecorded')) as PieceModel['applyEdits'],
  };
  return { model, log, text: () => text, dispose: () => (disposed = true) };
}

const all = (model: { text(): string }) => {
  const lines = model.text().split('\n');
  return { startLineNumber: 1, startColumn: 1, endLineNumber: lines.length, endColumn: lines.at(-1)!.length + 1 };
};

describe('putting a text into the model a piece at a time', () => {
  it('replaces the range with the whole text, as one undo element, and says where it went', () => {
    const model = stringModel('keep {old} keep');
    const pasted = '{\n  "a": 1,\n  "b": [1, 2, 3]\n}\n'.repeat(10);
    const range = { startLineNumber: 1, startColumn: 6, endLineNumber: 1, endColumn: 11 };
    const placed = drain(replaceInPieces(model.model, range, pasted, null, 7));
    expect(model.text()).toBe(`keep ${pasted} keep`);
    expect(model.log[0]).toBe('stop');
    expect(model.log.at(-1)).toBe('stop');
    expect(model.log.filter((l) => l === 'stop')).toHaveLength(2);
    expect(model.log.filter((l) => l.startsWith('edit'))).toHaveLength(Math.ceil(pasted.length / 7));
    expect(placed).toEqual({ startLineNumber: 1, startColumn: 6, endLineNumber: 41, endColumn: 1 });
  });

  it("puts a model's first text in with no undo element, so undo cannot empty it", () => {
    const model = stringModel('');
    const text = '{\n  "steps": []\n}\n'.repeat(10);
    const placed = drain(replaceInPieces(model.model, all(model), text, null, 7, 'first'));
    expect(model.text()).toBe(text);
    expect(model.log).toEqual(
      Array.from(
        { length: Math.ceil(text.length / 7) },
        (_, i) => `unrecorded ${i < Math.floor(text.length / 7) ? 7 : text.length % 7}`,
      ),
    );
    expect(placed).toEqual({ startLineNumber: 1, startColumn: 1, endLineNumber: 31, endColumn: 1 });
  });

  it('pauses between pieces', () => {
    const model = stringModel('');
    const work = replaceInPieces(model.model, all(model), 'abcdefgh', null, 3);
    work.next();
    expect(model.text()).toBe('abc');
    work.next();
    expect(model.text()).toBe('abcdef');
  });

  it('stops when the model is disposed on the way', () => {
    const model = stringModel('');
    const work = replaceInPieces(model.model, all(model), 'abcdefgh', null, 3);
    work.next();
    model.dispose();
    expect(drain(work)).toBeNull();
    expect(model.text()).toBe('abc');
  });
});
