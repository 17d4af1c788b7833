/**
 * The core's modules form no circle: each file imports only files that do not import it back, by any
 * path. A circle makes the order modules load in matter, and a file that cannot be read without the
 * others; the shared piece belongs in the lower module.
 */
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, importedSpecifiers, resolveImport } from './testing/importGraph';
import { sourcesUnder } from './testing/sourceFiles';

const CORE = import.meta.dirname;

describe('the core', () => {
  it('has no import cycle', () => {
    const sources = sourcesUnder(CORE);
    expect(sources.size).toBeGreaterThan(100);
    expect(importCycles(importGraph(sources)).map((cycle) => [...cycle, cycle[0]].join(' -> '))).toEqual([]);
  });
});

describe('importGraph and importCycles', () => {
  it('read static, type-only, re-exported and dynamic imports, not ones in comments', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from '../b/b';",
      "export { c } from './c';",
      "import './side';",
      "const d = await import('./d');",
      "// import { e } from './e';",
      "import {\n  f,\n  type F,\n} from './f';",
      "import * as z from 'zod';",
    ].join('\n');
    expect(importedSpecifiers(source)).toEqual(['./a', '../b/b', './c', './f', 'zod', './side', './d']);
  });

  it('resolve a specifier to a .ts file, a .tsx file or a folder index, and leave packages out', () => {
    const files = new Set(['x/a.ts', 'x/b.tsx', 'y/index.ts']);
    expect(resolveImport('x/m.ts', './a', files)).toBe('x/a.ts');
    expect(resolveImport('x/m.ts', './b', files)).toBe('x/b.tsx');
    expect(resolveImport('x/m.ts', '../y', files)).toBe('y/index.ts');
    expect(resolveImport('x/m.ts', 'zod', files)).toBeNull();
  });

  it('find each circle once, in import order, and none in a graph without one', () => {
    // a -> b -> c -> a (c by a type), d <-> e, f imports itself; g only leads in.
    const imports = { a: 'b', b: 'c d', c: 'a', d: 'e', e: 'd', f: 'f', g: 'a' };
    const sources = new Map(
      Object.entries(imports).map(([file, targets]) => [
        `${file}.ts`,
        targets
          .split(' ')
          .map((to) => `import ${file === 'c' ? 'type ' : ''}{ x } from './${to}';`)
          .join('\n'),
      ]),
    );
    expect(importCycles(importGraph(sources))).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts', 'e.ts'], ['f.ts']]);
    sources.set('c.ts', '');
    sources.set('e.ts', '');
    sources.set('f.ts', '');
    expect(importCycles(importGraph(sources))).toEqual([]);
  });
});
