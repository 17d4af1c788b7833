/**
 * The access picture's part of the playground store: what the learner chose to see (the matrix or the
 * regions, everyone's principals or the asker's user's), whether the picture is on screen, and the
 * engine's last answer. The picture follows the look only while on screen: each change of the step,
 * the principal, the run or a choice asks the engine again (`follow`), and an answer a later request
 * superseded is dropped (the job runner's `access` lane).
 */
import type { StoreApi } from 'zustand/vanilla';
import { principalName } from '../core/store/entities';
import type { AccessAsk, StoreEngine, SentViews } from '../engine/protocol';
import { EngineRestarted } from '../engine/client/restarted';
import { type AccessPicture, BLOCK_COLUMNS, BLOCK_ROWS, type CellRange } from '../engine/accessProtocol';
import { liveCells, type LiveCells } from '../engine/client/liveCells';
import type { JobRunner } from './jobs';
import type { PlaygroundState } from './playgroundState';

/** The picture drawn: the engine's answer, its cells read from the engine as the table draws them. */
export interface AccessShown extends Omit<AccessPicture, 'blocks'> {
  cells: LiveCells;
}

export interface AccessState {
  picture: 'table' | 'regions';
  /** Only the asking user's principals and items, or everyone's. */
  onlyAsker: boolean;
  /** Whether the picture is on screen (or near it, or holds the focus): it follows the look only then. */
  onScreen: boolean;
  /** The picture drawn; null until the engine first answered. */
  shown: AccessShown | null;
}

export interface AccessActions {
  /** Show the matrix or the regions. */
  showAccessPicture(picture: AccessState['picture']): void;
  /** Narrow the matrix to the asking user's principals and items, or widen it to everyone's. */
  showOnlyAskersPrincipals(only: boolean): void;
  /** The picture came on screen, or left it. */
  seeAccess(onScreen: boolean): void;
  /** The cells the table draws now: the next picture is sent with them (no state changes). */
  drawAccessWindow(range: CellRange): void;
}

export const ACCESS_START: AccessState = { picture: 'table', onlyAsker: false, onScreen: false, shown: null };

type Set = StoreApi<PlaygroundState>['setState'];
type Get = StoreApi<PlaygroundState>['getState'];

/** What an answer depends on: a new run's screen (`words` is new with each), the look and the choices. */
interface Asked {
  words: PlaygroundState['words'];
  index: number;
  principal: string | null;
  picture: AccessState['picture'];
  onlyAsker: boolean;
}

const askedOf = (s: Pick<PlaygroundState, 'words' | 'index' | 'principal' | 'access'>): Asked => ({
  words: s.words,
  index: s.index,
  principal: s.principal === null ? null : principalName(s.principal),
  picture: s.access.picture,
  onlyAsker: s.access.onlyAsker,
});

const sameAsked = (a: Asked | null, b: Asked) =>
  a !== null &&
  a.words === b.words &&
  a.index === b.index &&
  a.principal === b.principal &&
  a.picture === b.picture &&
  a.onlyAsker === b.onlyAsker;

export function accessPictureSlice(engine: StoreEngine, jobs: JobRunner<'access'>, set: Set, get: Get) {
  let window: CellRange = { rows: [0, BLOCK_ROWS], columns: [0, BLOCK_COLUMNS] };
  let asked: Asked | null = null;
  const fetch = (version: number, range: CellRange) => engine.accessCells(version, range);
  const choose = (change: Partial<AccessState>) => set({ access: { ...get().access, ...change } });
  /** A picture as drawn: its blocks kept by its cells, read from the engine as the table draws them. */
  const shownOf = (answer: AccessPicture): AccessShown => {
    const { blocks: _, ...rest } = answer;
    return { ...rest, cells: liveCells(answer, fetch) };
  };

  const ask = (s: PlaygroundState) => {
    const now = askedOf(s);
    if (!s.access.onScreen || sameAsked(asked, now)) return;
    asked = now;
    const { picture, onlyAsker } = s.access;
    const ids = jobs.begin('access');
    jobs.when(
      () => engine.access({ index: s.index, principal: s.principal, onlyAsker, picture, window }),
      (answer) => {
        if (jobs.current('access', ids)) choose({ shown: shownOf(answer) });
      },
      (error) => {
        // A restarted engine replays, and its new run asks again.
        if (!(error instanceof EngineRestarted)) console.error('The engine could not draw the access picture', error);
        if (jobs.current('access', ids)) asked = null;
      },
    );
  };

  const actions: AccessActions = {
    showAccessPicture: (picture) => choose({ picture }),
    showOnlyAskersPrincipals: (onlyAsker) => choose({ onlyAsker }),
    seeAccess(onScreen) {
      if (get().access.onScreen !== onScreen) choose({ onScreen });
    },
    drawAccessWindow(range) {
      window = range;
    },
  };

  /** What a step or principal move asks of the picture on screen, to come with its views (one trip). */
  const withMove = (): { ask: AccessAsk; ids: Record<'access', number> } | undefined => {
    const { picture, onlyAsker, onScreen } = get().access;
    return onScreen ? { ask: { picture, onlyAsker, window }, ids: jobs.begin('access') } : undefined;
  };
  /** The picture a move's answer brought, drawn with its views: the listener then asks nothing more. */
  const moved = (sent: ReturnType<typeof withMove>, views: SentViews, answer?: AccessPicture) => {
    if (sent === undefined || answer === undefined || !jobs.current('access', sent.ids)) return {};
    const s = get();
    asked = askedOf({ ...views, words: s.words, access: { ...s.access, ...sent.ask } });
    return { access: { ...s.access, shown: shownOf(answer) } };
  };

  /** The store's listener: ask again when what the picture depends on changed. */
  const follow = (s: PlaygroundState, before: PlaygroundState) => {
    if (
      s.access !== before.access ||
      s.words !== before.words ||
      s.index !== before.index ||
      s.principal !== before.principal
    )
      ask(s);
  };
  return { actions, follow, withMove, moved };
}
