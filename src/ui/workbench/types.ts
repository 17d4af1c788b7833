/** What a lesson hands the workbench: its panes, as elements, and its dock tabs, as a registry. */
import type { ReactNode } from 'react';

/** One tab of the dock. Adding a tab to a lesson is one entry in its registry. */
export interface WorkbenchTab {
  /** Also the fragment that opens it ("#rules") and the value a share link holds. */
  id: string;
  label: string;
  pane: ReactNode;
  /** Beyond the few tabs a beginner needs: the dock lists it under "More" until it is opened. */
  more?: boolean;
}

export interface WorkbenchSlots {
  /** The steps in order, with the step controls at their top. */
  timeline: ReactNode;
  /** The step controls alone: fixed at the bottom on a phone, and in presentation mode. */
  stepControls: ReactNode;
  /** The current step, who is asking, and the requests. */
  centre: ReactNode;
  /** One line saying whether the checks pass; always in view, whichever tab is open. */
  verdict: ReactNode;
  /** Everything else, one tab each. */
  tabs: readonly WorkbenchTab[];
  /** The scenario editor, opened beside the results. */
  editor: ReactNode;
}
