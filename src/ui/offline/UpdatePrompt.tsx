/**
 * The note about offline use and new versions (state/offline/updateStore.ts): fixed at the bottom corner,
 * over the page rather than pushing it, and empty unless there is something to say. A new version is
 * applied only when the learner presses "Update now".
 */
import { useStore } from 'zustand';
import type { UpdatePhase, UpdateStore } from '../../state/offline/updateStore';
import './offline.css';

const WORDS: Record<Exclude<UpdatePhase, 'idle'>, string> = {
  'offline-ready': 'This playground is saved in your browser: it now opens without a network.',
  waiting: 'A new version of the playground is ready. Your saved work is kept when you update.',
  applying: 'Updating: your work is saved, and the page reloads in a moment.',
  'taken-over':
    'The playground was updated in another tab. This tab runs the old version until you reload; your saved work is kept.',
  replaced:
    'A newer version of the playground replaced files this tab needs. Reload to update: your saved work is kept.',
};

export function UpdatePrompt({ store }: { store: UpdateStore }) {
  const phase = useStore(store, (s) => s.phase);
  const { applyNow, reloadNow, dismiss } = store.getState();
  if (phase === 'idle') return null;
  return (
    <aside className="update-prompt" data-phase={phase} aria-label="Offline use and updates">
      <p role="status">{WORDS[phase]}</p>
      {phase === 'waiting' && (
        <button type="button" onClick={applyNow}>
          Update now
        </button>
      )}
      {(phase === 'taken-over' || phase === 'replaced') && (
        <button type="button" onClick={reloadNow}>
          Reload now
        </button>
      )}
      {phase !== 'applying' && (
        <button type="button" onClick={dismiss}>
          {phase === 'offline-ready' ? 'Dismiss' : 'Later'}
        </button>
      )}
    </aside>
  );
}
