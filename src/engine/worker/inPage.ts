/**
 * Every engine in the page's own thread: the unit tests' engines, and the page's where there are no Web
 * Workers. A store lesson's answers at once (`later`: as promises, as a worker's do); another kind's
 * code loads with its first request.
 */
import type { Engines } from '../engines';
import { localEngine } from './local';
import { lazyKitEngine } from './lazyKit';
import { createSession } from './session';

export function inPageEngines(options: { later?: boolean } = {}): Engines {
  return {
    store: (answers) => localEngine(answers, options),
    kit: lazyKitEngine,
    firstPaint: (answers) => createSession(answers),
  };
}
