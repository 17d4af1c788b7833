/**
 * A kit session whose engine is loaded with its first request: every call waits for it. The page's first
 * paint then carries neither a kit session's code nor its worker's client (main.tsx, worker/lazyKit.ts).
 */
import type { KitEngine, KitKind } from './kitProtocol';

export function deferredKit<K extends KitKind>(kind: K, load: () => Promise<KitEngine<K>>): KitEngine<K> {
  let loaded: Promise<KitEngine<K>> | null = null;
  const engine = () => (loaded ??= load());
  return {
    kind,
    run: (text, mode) => engine().then((e) => e.run(text, mode)),
    move: (move) => engine().then((e) => e.move(move)),
    verify: (request) => engine().then((e) => e.verify(request)),
    onRestart: (listener) => void engine().then((e) => e.onRestart(listener)),
    close: () => void engine().then((e) => e.close()),
  };
}
