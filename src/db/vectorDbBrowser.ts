/**
 * The vector lesson's database in a browser (the engine's worker, which opens it): the shipped dump and
 * PGlite's own files fetched from this site (Vite emits them beside the scripts; the service worker keeps
 * them for offline use), then opened.
 */
import dumpUrl from '../../fixtures/vector/chunks.tar.gz?url';
import type { PGlite } from '@electric-sql/pglite';
import { baseUrl, pgliteFiles } from './pgliteFiles';
import { openVectorDb } from './vectorDb';

export { runVectorScenario } from './vectorDb';

/** Fetch the dump and PGlite's files, and open the database. */
export async function openBrowserVectorDb(): Promise<PGlite> {
  const [dump, files] = await Promise.all([
    fetch(dumpUrl).then(async (response) => {
      if (!response.ok)
        throw new Error(`${new URL(dumpUrl, baseUrl()).pathname}: the server answered ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    }),
    pgliteFiles(),
  ]);
  return openVectorDb(dump, files);
}
