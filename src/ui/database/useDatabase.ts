/** React glue for the database view: open the session once, and check the step in view when it changes. */
import { useEffect, useState } from 'react';
import type { Principal } from '../../core/store/entities';
import type { Timeline } from '../../core/replay/replayText';
import type { PolicyOptions } from '../../core/sql';
import { type DbSession, openDbSession, type StepCheck } from '../../state/database/dbSession';

export type SessionState =
  | { kind: 'loading'; /** True once starting has taken longer than it should. */ slow: boolean }
  | { kind: 'ready'; session: DbSession; loadMs: number; bytes: number | null }
  | { kind: 'error'; message: string };

/** Bytes of PGlite's WebAssembly and data files the page fetched, when the browser reports them. */
function pgliteBytes(): number | null {
  const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const files = entries.filter((entry) => /\/(pglite|initdb)[^/]*\.(wasm|data)(\?|$)/.test(entry.name));
  if (files.length === 0) return null;
  return files.reduce((sum, entry) => sum + (entry.decodedBodySize || entry.encodedBodySize), 0);
}

/** How long starting may take before the view says something is wrong: 15 s is usual on two busy cores. */
export const SLOW_MS = 45_000;

export function useDbSession(): [SessionState, () => void] {
  const [state, setState] = useState<SessionState>({ kind: 'loading', slow: false });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading', slow: false });
    // PGlite's start-up never settles when the browser refuses to compile its WebAssembly (a stricter
    // policy than this page's, for one), so the view says so instead of waiting without end.
    const watchdog = setTimeout(
      () => live && setState((s) => (s.kind === 'loading' ? { kind: 'loading', slow: true } : s)),
      SLOW_MS,
    );
    openDbSession().then(
      ({ session, loadMs }) => live && setState({ kind: 'ready', session, loadMs, bytes: pgliteBytes() }),
      (error: unknown) => {
        // Shown in the view with a way to try again; the console keeps the stack for whoever debugs it.
        console.warn('PGlite failed to load', error);
        if (live) setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
      clearTimeout(watchdog);
    };
  }, [attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}

export type CheckState =
  | {
      kind: 'pending';
      index: number;
      /** The check shown until this one is done, so the view does not flicker. */ last: StepCheck | null;
    }
  | { kind: 'done'; index: number; check: StepCheck }
  | { kind: 'error'; index: number; message: string };

/** The check of the step and principal in view, redone when either (or the policy) changes. */
export function useStepCheck(
  session: DbSession,
  timeline: Timeline,
  index: number,
  principal: Principal | null,
  policy: PolicyOptions,
): CheckState {
  const [state, setState] = useState<CheckState>({ kind: 'pending', index, last: null });
  const policyKey = JSON.stringify(policy);
  useEffect(() => {
    let live = true;
    setState((before) => ({
      kind: 'pending',
      index,
      last: before.kind === 'done' ? before.check : before.kind === 'pending' ? before.last : null,
    }));
    session.check(timeline, index, principal, JSON.parse(policyKey) as PolicyOptions).then(
      (check) => live && setState({ kind: 'done', index, check }),
      (error: unknown) =>
        live && setState({ kind: 'error', index, message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [session, timeline, index, principal, policyKey]);
  return state;
}
