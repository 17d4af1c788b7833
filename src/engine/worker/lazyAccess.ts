/**
 * The access pictures of an engine in the page's own thread (local.ts, and client.ts once its worker is
 * given up), loaded when first asked for: the matrix's code stays out of the page's entry JavaScript,
 * as the access picture itself loads only when its panel is drawn. The worker loads it at once (worker.ts).
 */
import type { Timeline } from '../../core/replay/replayText';
import type { AccessPictures } from './access';
import type { AccessLook, AccessPicture, CellBlock, CellRange } from '../accessProtocol';

export interface LaterAccess {
  access(look: AccessLook): Promise<AccessPicture>;
  accessCells(version: number, range: CellRange): Promise<CellBlock | null>;
}

export function lazyAccess(held: () => Timeline, firstVersion = 0): LaterAccess {
  let loaded: Promise<AccessPictures> | null = null;
  const load = () => (loaded ??= import('./access').then((m) => m.accessPictures(held, firstVersion)));
  return {
    access: (look) => load().then((pictures) => pictures.access(look)),
    accessCells: (version, range) => load().then((pictures) => pictures.accessCells(version, range)),
  };
}
