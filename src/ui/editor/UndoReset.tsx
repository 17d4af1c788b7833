/** After a reset that discarded an edit: say so, and offer it back until the next edit. */
import { useShallow } from 'zustand/react/shallow';
import { usePlayground } from '../common/playground';

export function UndoReset() {
  const { discarded, undoReset } = usePlayground(
    useShallow((s) => ({ discarded: s.discarded, undoReset: s.undoReset })),
  );
  if (discarded === null) return null;
  return (
    <p className="editor-undo" role="status">
      The seed scenario is back, and your edit was set aside.{' '}
      <button type="button" onClick={undoReset}>
        Undo the reset
      </button>
    </p>
  );
}
