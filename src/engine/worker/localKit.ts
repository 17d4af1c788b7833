/**
 * A router, memtool or vector lesson's session in the caller's own thread, behind the same interface as
 * the worker's: the unit tests use it, and the page once a worker is given up. It answers at once (the
 * vector lesson's runs later: they wait on the database); with `later`, every answer comes as a promise
 * after the request's task, as a worker's do.
 */
import type { KitEngine, KitKind } from '../kitProtocol';
import type { Answer } from '../protocol';
import { createKitSession, type OpenVectorDb } from './kitSession';

export interface LocalKitOptions {
  /** The vector lesson's database (a fake in the unit tests). */
  openDb?: OpenVectorDb;
  later?: boolean;
}

const noDatabase: OpenVectorDb = () => Promise.reject(new Error('this engine has no database'));

export function localKitEngine<K extends KitKind>(kind: K, options: LocalKitOptions = {}): KitEngine<K> {
  const session = createKitSession(kind, options.openDb ?? noDatabase);
  const answer = <T>(compute: () => Answer<T>): Answer<T> =>
    options.later === true ? Promise.resolve().then(compute) : compute();
  return {
    kind,
    run: (text, mode) => answer(() => session.run(text, mode)),
    move: (move) => answer(() => session.move(move)),
    verify: (request) => answer(() => session.verify(request)),
    onRestart() {
      // Nothing to restart: a throw rejects that request alone.
    },
    close() {},
  };
}
