/**
 * A router, memtool or vector lesson's session in a Web Worker of its own (the same worker as the store
 * lesson's, opened for another kind), behind the kit protocol (kitProtocol.ts). The worker's watch,
 * restart and fallback are the link's (link.ts); `inPage` makes the session that answers in the page's
 * thread once the worker is given up, loaded only then (main.tsx hands it over).
 */
import type { KitEngine, KitKind, KitServed } from '../kitProtocol';
import { workerLink } from './link';

export function workerKitEngine<K extends KitKind>(
  kind: K,
  start: () => Worker,
  inPage: () => Promise<KitServed<K>>,
): KitEngine<K> & { crash(): void; quit(): void } {
  const link = workerLink({
    start,
    init: () => ({ method: 'open', args: [kind] }),
    inPage() {
      const local = inPage();
      return (method, args) =>
        local.then((served) => {
          const call = served[method.slice('kit.'.length) as keyof KitServed<K>] as (...a: unknown[]) => unknown;
          return call(...args);
        });
    },
  });
  const { post } = link;
  return {
    kind,
    run: (text, mode) => post({ method: 'kit.run', args: [text, mode] }),
    move: (move) => post({ method: 'kit.move', args: [move] }),
    verify: (request) => post({ method: 'kit.verify', args: [request] }),
    onRestart: link.onRestart,
    close: link.close,
    crash: link.crash,
    quit: link.quit,
  };
}

/**
 * A kit session in a worker where the page has Web Workers (`workers` lists it, for the end-to-end
 * tests that end them), else in the page's thread; `local` loads the in-page session's code.
 */
export async function startKitEngine<K extends KitKind>(
  kind: K,
  start: () => Worker,
  workers: Array<{ crash(): void; quit(): void }>,
  local: () => Promise<{ localKitEngine(kind: K): KitEngine<K> }>,
): Promise<KitEngine<K>> {
  const inPage = () => local().then(({ localKitEngine }) => localKitEngine(kind));
  if (typeof Worker === 'undefined') return inPage();
  const engine = workerKitEngine(kind, start, inPage);
  workers.push(engine);
  return engine;
}
