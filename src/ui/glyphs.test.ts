/**
 * Every character beyond ASCII in the text the page shows is one the system's fonts are known to draw
 * (ALLOWED_GLYPHS): "ⓘ" or an emoji would be an empty box in Debian's Chromium. Read from the strings,
 * templates and JSX text of the views, the stores and the core (not comments, not tests), the page's
 * CSS (its `content:` marks) and the lessons' scenarios.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ALLOWED_GLYPHS } from './common/glyphs';

const ROOT = join(import.meta.dirname, '..', '..');

function filesUnder(dir: string, ends: readonly string[]): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => ends.some((end) => f.endsWith(end)))
    .filter((f) => !/\.test\.tsx?$/.test(f) && !f.split(/[\\/]/).includes('testing'))
    .map((f) => join(dir, f));
}

interface Found {
  file: string;
  line: number;
  column: number;
  char: string;
}

/** The characters beyond ASCII in `text`, which starts at `offset` of a file whose line starts are `lines`. */
function nonAscii(file: string, text: string, offset: number, lineOf: (pos: number) => ts.LineAndCharacter) {
  const found: Found[] = [];
  let i = 0;
  for (const char of text) {
    if (char.codePointAt(0)! > 0x7e) {
      const at = lineOf(offset + i);
      found.push({ file, line: at.line + 1, column: at.character + 1, char });
    }
    i += char.length;
  }
  return found;
}

/** Characters in a TypeScript file's string literals, templates and JSX text: what can reach the screen. */
function inSource(file: string): Found[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  // Most files are ASCII throughout: only the others are worth parsing.
  if (!/[\u007f-\uffff]/.test(text)) return [];
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos);
  const found: Found[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      const start = node.getStart(source);
      found.push(...nonAscii(file, text.slice(start, node.getEnd()), start, lineOf));
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

/** Characters in a CSS or JSON file outside CSS comments. */
function inText(file: string): Found[] {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  const starts = [0, ...[...text.matchAll(/\n/g)].map((m) => m.index! + 1)];
  const lineOf = (pos: number) => {
    const line = starts.findLastIndex((s) => s <= pos);
    return { line, character: pos - starts[line]! };
  };
  return nonAscii(file, text, 0, lineOf);
}

/**
 * Known and owned elsewhere, tolerated until then: App.tsx belongs to the workbench layout's branch, whose
 * notice still opens with "ⓘ" (an empty box in Debian's Chromium); it should be <Icon name="info" />.
 */
const PENDING: ReadonlyArray<readonly [file: string, char: string]> = [['src/ui/App.tsx', 'ⓘ']];

function unrenderable(found: readonly Found[]): string[] {
  return found
    .filter((f) => !ALLOWED_GLYPHS.has(f.char))
    .filter((f) => !PENDING.some(([file, char]) => f.file === file && f.char === char))
    .map((f) => {
      const code = `U+${f.char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
      return `${relative(ROOT, join(ROOT, f.file))}:${f.line}:${f.column}: "${f.char}" (${code}) is not in ALLOWED_GLYPHS`;
    });
}

describe('the characters the page shows', () => {
  it('are all ones the guaranteed fonts draw', () => {
    const sources = ['src/ui', 'src/state', 'src/core'].flatMap((dir) => filesUnder(dir, ['.ts', '.tsx']));
    const texts = [...filesUnder('src', ['.css']), ...filesUnder('fixtures/lessons', ['.json']), 'index.html'];
    expect(sources.length).toBeGreaterThan(100);
    const found = [...sources.flatMap(inSource), ...texts.flatMap(inText)];
    // The reading found something: the page's own quotes and marks are there.
    expect(found.some((f) => f.char === '’')).toBe(true);
    expect(unrenderable(found)).toEqual([]);
  });

  it('names the file, line, column and character of one the fonts lack', () => {
    const found = [
      { file: 'src/ui/x.tsx', line: 3, column: 14, char: 'ⓘ' },
      { file: 'src/ui/y.tsx', line: 1, column: 1, char: '😀' },
    ];
    expect(unrenderable(found)).toEqual([
      'src/ui/x.tsx:3:14: "ⓘ" (U+24D8) is not in ALLOWED_GLYPHS',
      'src/ui/y.tsx:1:1: "😀" (U+1F600) is not in ALLOWED_GLYPHS',
    ]);
  });
});
