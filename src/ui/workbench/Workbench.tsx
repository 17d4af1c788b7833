/**
 * Every lesson's page: the top bar (none when embedded), then the panes, laid out for the window: panes
 * side by side from 768 px up, tabs in one column below. The layout is chosen on the first render, so
 * the page is drawn once in its final shape.
 */
import { SkipToSteps } from '../common/SkipToSteps';
import { lazy, Suspense, useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Banner } from '../common/Banner';
import { PhoneLayout } from './PhoneLayout';
import { TopBar } from './TopBar';
import { EmbedBar } from './EmbedBar';
import { useLayout } from './layoutContext';
import { onOpenPane } from '../common/openPane';
import type { WorkbenchSlots } from './types';
import { usePhone } from './useViewport';
import './workbench.css';

/**
 * The resizable panes (react-resizable-panels, 16 KB gzipped) load in their own chunk, which main.tsx
 * starts fetching with the entry in a wide window; a phone never loads them.
 */
const DesktopLayout = lazy(() => import('./DesktopLayout').then((m) => ({ default: m.DesktopLayout })));

/** Fragments that name a pane rather than a dock tab. */
const PANES = ['timeline', 'requests', 'editor'];

function useOpenPanes(slots: WorkbenchSlots, phone: boolean) {
  const { openTab, openPhoneTab, setEditorOpen } = useLayout(
    useShallow((s) => ({ openTab: s.openTab, openPhoneTab: s.openPhoneTab, setEditorOpen: s.setEditorOpen })),
  );
  useEffect(() => {
    const open = (id: string) => {
      const known = PANES.includes(id) || slots.tabs.some((tab) => tab.id === id);
      if (!known) return false;
      if (phone) openPhoneTab(id);
      else if (id === 'editor') setEditorOpen(true);
      else if (!PANES.includes(id)) openTab(id);
      return true;
    };
    return onOpenPane(open);
  }, [slots.tabs, phone, openTab, openPhoneTab, setEditorOpen]);
}

export function Workbench({ slots }: { slots: WorkbenchSlots }) {
  const phone = usePhone();
  const { embed, presentation } = useLayout(useShallow((s) => ({ embed: s.embed, presentation: s.presentation })));
  useOpenPanes(slots, phone);
  return (
    <div
      className={`wb ${phone ? 'wb-is-phone' : 'wb-is-desktop'}${presentation && !phone ? ' wb-presenting' : ''}`}
      data-embed={embed ? '' : undefined}
    >
      <SkipToSteps />
      {embed ? <EmbedBar /> : <TopBar phone={phone} />}
      {/* Embedded in someone's course page, no word about the visitor's own saved work: only a link that failed. */}
      <Banner errorsOnly={embed} />
      <main className="wb-body">
        {phone ? (
          <PhoneLayout slots={slots} />
        ) : (
          // An empty box of the panes' size while their code arrives: the panes appear, nothing moves.
          <Suspense fallback={<div className="wb-main" />}>
            <DesktopLayout slots={slots} />
          </Suspense>
        )}
      </main>
    </div>
  );
}
