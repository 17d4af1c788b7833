/**
 * A long list of the engine's, on the page: the rows the engine sent first, and the rest asked for a
 * chunk at a time when a list reads them (a virtualised list reads only the rows it draws). A row not
 * yet here reads as undefined, and the list hears when it comes (`subscribe`).
 */
import type { Rows } from '../core/timeline/rows';
import type { Answer, ListName, RowWindow, SentViews, Views } from './protocol';

/** Rows asked for at a time: a few screenfuls. */
export const CHUNK = 200;

export interface LiveRows<T> extends Rows<T> {
  /** The row of the item the learner asked about, or -1. */
  readonly focused: number;
  /** Call `listener` when rows arrive; returns the unsubscription. */
  subscribe(listener: () => void): () => void;
}

export type FetchRows = <T>(list: ListName, version: number, from: number, to: number) => Answer<T[] | null>;

export function liveRows<T>(sent: RowWindow<T>, fetch: FetchRows): LiveRows<T> {
  const { length } = sent;
  const rows = new Array<T | undefined>(length);
  for (let i = 0; i < sent.rows.length; i++) rows[i] = sent.rows[i];
  const asked = new Set<number>();
  const listeners = new Set<() => void>();
  /** Rows arrived while no one listened: the next listener hears of them at once. */
  let unheard = false;
  const arrived = () => {
    if (listeners.size === 0) unheard = true;
    for (const listener of listeners) listener();
  };
  const load = (chunk: number) => {
    if (asked.has(chunk)) return;
    asked.add(chunk);
    const from = chunk * CHUNK;
    const to = Math.min(length, from + CHUNK);
    // Read while rendering: asked after it, so no state changes during a render.
    queueMicrotask(() => {
      Promise.resolve(fetch<T>(sent.list, sent.version, from, to)).then(
        (got) => {
          if (got === null) return;
          for (let i = 0; i < got.length; i++) rows[from + i] = got[i];
          arrived();
        },
        () => asked.delete(chunk),
      );
    });
  };
  return {
    length,
    focused: sent.focused,
    at(index) {
      if (index < 0 || index >= length) return undefined;
      const row = rows[index];
      if (row === undefined) load(Math.floor(index / CHUNK));
      return row;
    },
    subscribe(listener) {
      listeners.add(listener);
      if (unheard) {
        unheard = false;
        listener();
      }
      return () => listeners.delete(listener);
    },
  };
}

/** Views as the page holds them: each long list read from the engine as it is drawn. */
export function liveViews(sent: SentViews, fetch: FetchRows): Views {
  const { explained } = sent.why;
  return {
    ...sent,
    view: {
      ...sent.view,
      store: {
        ...sent.view.store,
        groups: liveRows(sent.view.store.groups, fetch),
        items: liveRows(sent.view.store.items, fetch),
      },
    },
    why: {
      ...sent.why,
      explained:
        explained === null
          ? null
          : { ...explained, leftOut: liveRows(explained.leftOut, fetch), deleted: liveRows(explained.deleted, fetch) },
    },
  };
}
