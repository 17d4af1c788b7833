/**
 * Laptop and desktop: the page never scrolls. The timeline on the left, the results in the middle (the
 * current step and requests above, the dock of tabs below, the checks verdict between them), and the
 * scenario editor beside the results when it is open. Every pane scrolls inside itself; the learner
 * drags or keys the separators, and the sizes are remembered through the layout store.
 */
import { useLayoutEffect, useRef } from 'react';
import { Group, type Layout, type LayoutChangedMeta, Panel, Separator, useGroupRef } from 'react-resizable-panels';
import { useShallow } from 'zustand/react/shallow';
import { useLayout } from './layoutContext';
import { Tabs } from './Tabs';
import type { WorkbenchSlots } from './types';

/** The dock's share of the results' height, in per cent, by the set of panes on screen. */
const DOCK_SHARE = { work: 33, 'work-e': 24, 'work-p': 16 } as const;

function useGroupSizes(group: string) {
  const { saved, saveSizes } = useLayout(useShallow((s) => ({ saved: s.sizes[group], saveSizes: s.saveSizes })));
  return {
    defaultLayout: saved,
    // Only what the learner did is remembered: not the library settling sizes on mount or on a window resize.
    onLayoutChanged: (layout: Layout, meta: LayoutChangedMeta) => {
      if (meta.isUserInteraction) saveSizes(group, layout);
    },
  };
}

export function DesktopLayout({ slots }: { slots: WorkbenchSlots }) {
  const { tab, openTab, editorOpen, presentation, resets } = useLayout(
    useShallow((s) => ({
      tab: s.tab,
      openTab: s.openTab,
      editorOpen: s.editorOpen,
      presentation: s.presentation,
      resets: s.resets,
    })),
  );
  // Presentation mode: the step controls sit above the results instead of the timeline, no editor.
  const withTimeline = !presentation;
  const withEditor = editorOpen && !presentation;
  const mainId = `main${withTimeline ? '-t' : ''}${withEditor ? '-e' : ''}`;
  const main = useGroupSizes(mainId);
  // The dock yields its height to the requests, the more so the less room they have: beside the editor,
  // and most in presentation mode, where the requests are what the room looks at.
  const workId = presentation ? 'work-p' : withEditor ? 'work-e' : 'work';
  const dockShare = DOCK_SHARE[workId];
  const work = useGroupSizes(workId);
  const workGroup = useGroupRef();
  const workShown = useRef(workId);
  useLayoutEffect(() => {
    if (workShown.current === workId) return;
    workShown.current = workId;
    workGroup.current?.setLayout(work.defaultLayout ?? { 'pane-centre': 100 - dockShare, 'pane-dock': dockShare });
  }, [workId, work.defaultLayout, workGroup, dockShare]);
  // One group whichever panes it holds, so opening the editor or presenting remounts no pane and loses
  // nothing typed in one (a model's address, a question). Each set of panes keeps its own sizes: when the
  // set changes, the sizes the learner gave that set are put back (the library sizes a newcomer itself).
  const group = useGroupRef();
  const shown = useRef(mainId);
  useLayoutEffect(() => {
    if (shown.current === mainId) return;
    shown.current = mainId;
    if (main.defaultLayout !== undefined) group.current?.setLayout(main.defaultLayout);
  }, [mainId, main.defaultLayout, group]);
  return (
    <Group key={`main-${resets}`} id="main" groupRef={group} orientation="horizontal" className="wb-main" {...main}>
      {withTimeline && (
        <>
          <Panel
            id="pane-timeline"
            // Beside the editor the timeline starts narrower: the results keep room for the two requests side by side.
            defaultSize={withEditor ? '18%' : '24%'}
            minSize="14rem"
            maxSize="45%"
            className="wb-pane wb-timeline"
          >
            {slots.timeline}
          </Panel>
          <Separator className="wb-separator" aria-label="Resize the timeline and the results" />
        </>
      )}
      <Panel id="pane-results" minSize="22rem" className="wb-pane wb-results">
        {!withTimeline && <div className="wb-strip">{slots.stepControls}</div>}
        <Group
          key={`work-${resets}`}
          id="work"
          groupRef={workGroup}
          orientation="vertical"
          className="wb-work"
          {...work}
        >
          <Panel id="pane-centre" defaultSize={`${100 - dockShare}%`} minSize="6rem" className="wb-pane wb-centre">
            {slots.centre}
          </Panel>
          <Separator className="wb-separator" aria-label="Resize the requests and the dock" />
          <Panel id="pane-dock" defaultSize={`${dockShare}%`} minSize="4.5rem" className="wb-pane wb-dock">
            <Tabs
              label="More about this step"
              items={slots.tabs}
              selected={tab}
              onSelect={openTab}
              className="dock"
              header={slots.verdict}
              disclose
            />
          </Panel>
        </Group>
      </Panel>
      {withEditor && (
        <>
          <Separator className="wb-separator" aria-label="Resize the results and the editor" />
          <Panel id="pane-editor" defaultSize="30%" minSize="18rem" className="wb-pane wb-editor">
            {slots.editor}
          </Panel>
        </>
      )}
    </Group>
  );
}
