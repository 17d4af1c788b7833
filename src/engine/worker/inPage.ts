/**
 * Every engine in the page's own thread: the unit tests' engines, and the page's where there are no Web
 * Workers. A store lesson's answers at once (`later`: as promises, as a worker's do); another kind's
 * code loads when its lesson opens.
 */
import type { Engines } from '../engines';
import { localEngine } from './local';
import { createSession } from './session';

export function inPageEngines(options: { later?: boolean } = {}): Engines {
  return {
    store: (answers) => localEngine(answers, options),
    kit: (kind) => import('./localKit').then(({ localKitEngine }) => localKitEngine(kind)),
    firstPaint: (answers) => createSession(answers),
  };
}
