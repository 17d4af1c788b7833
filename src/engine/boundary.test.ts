/**
 * The engine's two sides stay apart: what runs in the worker (worker/: replay, views, verdicts) never
 * imports the page's side (client/: the worker's client, live lists), nor the reverse, and what both
 * use (protocol.ts, kitProtocol.ts, engines.ts, accessProtocol.ts, messages.ts, views.ts, wire/) imports
 * neither. Type imports count too: a side that needs the other's types needs a shape that belongs in
 * what crosses.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from '../../test-support/imports';

const ENGINE = dirname(new URL(import.meta.url).pathname);

type Side = 'worker' | 'client' | 'shared';

const sideOf = (file: string): Side => {
  const top = relative(ENGINE, file).split('/')[0];
  return top === 'worker' || top === 'client' ? top : 'shared';
};

/** What each side may import of the engine's. */
const MAY_IMPORT: Record<Side, readonly Side[]> = {
  worker: ['worker', 'shared'],
  client: ['client', 'shared'],
  shared: ['shared'],
};

/** Each import that crosses from one side to a side it may not import, as "file → module". */
export function crossings(files: ReadonlyArray<{ path: string; text: string }>): string[] {
  return files.flatMap(({ path, text }) =>
    importsOf(text)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => resolve(dirname(path), spec))
      .filter((target) => relative(ENGINE, target).startsWith('..') === false)
      .filter((target) => !MAY_IMPORT[sideOf(path)].includes(sideOf(target)))
      .map((target) => `${relative(ENGINE, path)} → ${relative(ENGINE, target)}`),
  );
}

const engineFiles = () => sourceFiles(ENGINE).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

describe('the engine’s sides', () => {
  it('import nothing of each other: the worker’s, the page’s and what crosses between them', () => {
    expect(crossings(engineFiles())).toEqual([]);
  });

  it('are told apart by the check (a page-side import in the worker is caught)', () => {
    const session = join(ENGINE, 'worker', 'session.ts');
    const text = `import { liveRows } from '../client/liveRows';\nimport type { Look } from '../protocol';\n`;
    expect(crossings([{ path: session, text }])).toEqual(['worker/session.ts → client/liveRows']);
    const client = join(ENGINE, 'client', 'client.ts');
    const url = `new Worker(new URL('../worker/worker.ts', import.meta.url));\nconst m = import('../worker/local');\n`;
    expect(crossings([{ path: client, text: url }])).toEqual([
      'client/client.ts → worker/local',
      'client/client.ts → worker/worker.ts',
    ]);
  });

  it('cross a postMessage as plain data: the protocol’s files declare shapes, nothing that runs', () => {
    for (const name of ['protocol.ts', 'kitProtocol.ts', 'engines.ts', 'messages.ts', 'views.ts']) {
      const text = readFileSync(join(ENGINE, name), 'utf8');
      expect(text, name).not.toMatch(/^export (?:class|function|const|let)\b/m);
      expect(text, name).not.toMatch(/^import (?!type )/m);
    }
  });
});
