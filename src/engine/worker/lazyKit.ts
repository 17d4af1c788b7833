/**
 * A kit session in the page's thread whose code loads with its first request (localKit.ts), so the
 * page's first paint carries none of the router's, the memory tools' or the vector lesson's engine: the
 * page's where there are no Web Workers or once a worker is given up, and the unit tests'.
 */
import type { KitEngine, KitKind } from '../kitProtocol';
import { deferredKit } from '../deferredKit';

export function lazyKitEngine<K extends KitKind>(kind: K): KitEngine<K> {
  return deferredKit(kind, () => import('./localKit').then(({ localKitEngine }) => localKitEngine(kind)));
}
