/** A matrix cell in words: the mark drawn in it, and the sentence a screen reader and a tooltip give. */
import type { AccessCell } from '../../core/explain/accessMatrix';
import { cellIn } from '../../core/explain/accessMatrix';
import { reasonFor } from '../../core/explain/explain';
import { principalName } from '../../core/store/entities';

export interface CellWords {
  /** "in" or "out": drawn beside a mark, so the cell does not speak by colour alone. */
  state: 'in' | 'out';
  flipped: boolean;
  /** The whole sentence, starting with the drawn words. */
  label: string;
}

export function cellWords(cell: AccessCell): CellWords {
  const state = cellIn(cell) ? 'in' : 'out';
  const who = `${principalName(cell.principal)} and ${cell.item.id}`;
  if (cell.kind === 'unknown-agent') return { state, flipped: false, label: `${state}: ${who}: ${cell.because}` };
  if (!cell.flipped) return { state, flipped: false, label: `${state}: ${who}: ${cell.because}` };
  const before = cell.allOn.visible ? 'in' : 'out';
  return {
    state,
    flipped: true,
    label: `${state}, flipped: ${who}: ${cell.because}. With every rule on it is ${before}: ${reasonFor(cell.allOn, cell.item, cell.principal)}`,
  };
}
