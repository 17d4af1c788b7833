/**
 * Share, Download and Import, loaded after first paint: nothing in them runs before a click. The lesson
 * bar shows them only where the workbench's top bar does not (its Share popover loads ShareBody).
 */
import { lazy, Suspense } from 'react';
import { useIdle } from '../common/whenIdle';
import type { LessonSession } from '../../state/lessons/sessions';

const ShareTools = lazy(async () => ({ default: (await import('./ShareTools')).ShareTools }));

export function LazyShareTools({ session }: { session: LessonSession }) {
  // Rendered, and its code fetched, once the first screen is drawn and the page is idle.
  const idle = useIdle();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <ShareTools session={session} />
    </Suspense>
  );
}
