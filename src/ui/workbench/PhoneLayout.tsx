/**
 * Phones and narrow windows (< 768 px): one column, every pane a tab (the steps, the requests, each of the
 * dock's tabs, the editor), the checks verdict under the tabs and the step controls fixed at the bottom.
 */
import { useShallow } from 'zustand/react/shallow';
import { useLayout } from './layoutContext';
import { Tabs } from './Tabs';
import type { WorkbenchSlots } from './types';

/** The pane a phone opens on a first visit: the requests, where the leak shows. */
export const PHONE_HOME = 'requests';
const PHONE_EAGER = ['timeline', PHONE_HOME];

export function PhoneLayout({ slots }: { slots: WorkbenchSlots }) {
  const { tab, openTab } = useLayout(useShallow((s) => ({ tab: s.phoneTab, openTab: s.openPhoneTab })));
  const items = [
    { id: 'timeline', label: 'Steps', pane: slots.timeline },
    { id: PHONE_HOME, label: 'Requests', pane: slots.centre },
    ...slots.tabs,
    { id: 'editor', label: 'Editor', pane: slots.editor },
  ];
  return (
    <div className="wb-phone">
      <Tabs
        label="Panes"
        items={items}
        selected={tab}
        onSelect={openTab}
        className="phone-tabs"
        header={slots.verdict}
        // The steps hold the skip link's target, the requests the live line that reads each step out.
        eager={PHONE_EAGER}
      />
      <div className="wb-bottom">{slots.stepControls}</div>
    </div>
  );
}
