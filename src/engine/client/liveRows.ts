/**
 * A long list of the engine's, on the page: the rows the engine sent first, and the rest asked for a
 * chunk at a time when a list reads them (a virtualised list reads only the rows it draws). A row not
 * yet here reads as undefined, and the list hears when it comes (`subscribe`).
 */
import type { Rows } from '../../core/timeline/rows';
import { arrivals } from './arrivals';
import type { MarkedItem } from '../../core/timeline/storeView';
import type { ItemWhy } from '../../core/explain/whyRequest';
import type { Answer, ListName, Look, RowWindow, SentViews } from '../protocol';
import type { GroupHead, StepView, ViewChoices, WhyView } from '../views';

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
  // The chunks that came, by number: not an array of the list's length, which a step's 15,000-row list
  // made anew at every step, for a page that reads a screenful of it (npm run bench:browser, profiled).
  const chunks = new Map<number, readonly T[]>();
  const parts = arrivals<number>();
  const load = (chunk: number) => {
    const from = chunk * CHUNK;
    const to = Math.min(length, from + CHUNK);
    parts.ask(
      chunk,
      () => fetch<T>(sent.list, sent.version, from, to),
      (got) => void chunks.set(chunk, got),
    );
  };
  return {
    length,
    focused: sent.focused,
    at(index) {
      if (!(index >= 0 && index < length)) return undefined;
      if (index < sent.rows.length) return sent.rows[index];
      const chunk = Math.floor(index / CHUNK);
      const row = chunks.get(chunk)?.[index - chunk * CHUNK];
      if (row === undefined) load(chunk);
      return row;
    },
    subscribe: parts.subscribe,
  };
}

/** The look and every view model of it, as the page holds them: long lists read from the engine as drawn. */
export interface Views extends Look {
  view: StepView<LiveRows<MarkedItem>, LiveRows<GroupHead>>;
  why: WhyView<LiveRows<ItemWhy>>;
  /** Who may be asking at this step, and whether the principal in view is hypothetical. */
  choices: ViewChoices;
}

/** Views as the page holds them: each long list read from the engine as it is drawn. */
export function liveViews(sent: SentViews, fetch: FetchRows): Views {
  const { explained } = sent.why;
  const { store } = sent.view;
  return {
    ...sent,
    view: {
      ...sent.view,
      store:
        store === null
          ? null
          : { ...store, groups: liveRows(store.groups, fetch), items: liveRows(store.items, fetch) },
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

/** Views whose long lists came whole: none needs rows from the session that made them. */
export const sentWhole = (views: SentViews): boolean =>
  [views.view.store?.groups, views.view.store?.items, views.why.explained?.leftOut, views.why.explained?.deleted].every(
    (list) => list === undefined || list.rows.length === list.length,
  );
