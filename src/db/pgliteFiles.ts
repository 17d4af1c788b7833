/**
 * PGlite's WebAssembly and data files, fetched and compiled here rather than by PGlite itself. PGlite
 * compiles with WebAssembly.compileStreaming, which needs the server to send application/wasm; a plain
 * static server may send application/octet-stream, and PGlite would then wait forever on a rejected
 * compile. Here either works, and a failure (a missing file, a policy that refuses WebAssembly) is an
 * error the view shows. The files are this site's own: Vite emits them beside the page's scripts. This is
 * the page's loader only: in Node, PGlite reads the same files from its package.
 */
import pgliteWasmUrl from '@electric-sql/pglite/pglite.wasm?url';
import initdbWasmUrl from '@electric-sql/pglite/initdb.wasm?url';
import pgliteDataUrl from '@electric-sql/pglite/pglite.data?url';

export interface PgliteFiles {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

/** What a relative address is read against: the page's, or a worker's own. */
export const baseUrl = (): string => globalThis.document?.baseURI ?? globalThis.location.href;

async function fetched(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok)
    throw new Error(
      `${new URL(url, baseUrl()).pathname}: the server answered ${response.status} ${response.statusText}`,
    );
  return response;
}

/** Compile while downloading when the server says application/wasm; otherwise from the whole file. */
async function compiled(url: string): Promise<WebAssembly.Module> {
  const response = await fetched(url);
  if (response.headers.get('content-type')?.split(';')[0]?.trim() === 'application/wasm')
    return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
}

export async function pgliteFiles(): Promise<PgliteFiles> {
  const [pgliteWasmModule, initdbWasmModule, fsBundle] = await Promise.all([
    compiled(pgliteWasmUrl),
    compiled(initdbWasmUrl),
    fetched(pgliteDataUrl).then((response) => response.blob()),
  ]);
  return { pgliteWasmModule, initdbWasmModule, fsBundle };
}
