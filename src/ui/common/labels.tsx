/** Small labels that carry meaning in text and icon, never colour alone. */
import type { Item } from '../../core/store/entities';
import { ownerLabel } from '../../core/explain/describe';

const SCOPE_ICON: Record<string, string> = { app: '◆', user: '●', task: '■', agent: '▲' };

/** "■ task · bob/task-17", coloured by scope but readable without colour. */
export function ScopeTag({ item }: { item: Item }) {
  return (
    <span className={`scope-tag scope-${item.scope}`}>
      <span aria-hidden="true">{SCOPE_ICON[item.scope]} </span>
      {ownerLabel(item)}
    </span>
  );
}

export function ScopeIcon({ scope }: { scope: string }) {
  return (
    <span aria-hidden="true" className={`scope-icon scope-${scope}`}>
      {SCOPE_ICON[scope]}
    </span>
  );
}
