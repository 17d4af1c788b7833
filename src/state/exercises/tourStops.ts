/** The first-run tour's stops: loaded with its dialog, so the entry chunk carries none of their text. */

export interface TourStop {
  /** The `data-tour` attribute of the element the stop points at. */
  anchor: string;
  /** The workbench pane or dock tab that holds the anchor, brought into view when the stop shows. */
  pane: string;
  title: string;
  text: string;
}

/**
 * Seven stops on the real panes. A first visit opens where the naive list leaks, so the tour starts at
 * the two requests, then who is asking and the steps that led there.
 */
export const TOUR_STOPS: readonly TourStop[] = [
  {
    anchor: 'requests',
    pane: 'requests',
    title: 'Scoped and naive requests',
    text: 'The scoped store builds the request from the asker’s own items only; the naive global list beside it hands over other users’ notes: the row marked leak.',
  },
  {
    anchor: 'principal',
    pane: 'requests',
    title: 'Who is asking',
    text: 'Each request comes from one user, task and agent. Switch here to see what someone else would get.',
  },
  {
    anchor: 'timeline',
    pane: 'timeline',
    title: 'The steps',
    text: 'A scenario is a list of writes and questions. Step through it with these controls, or with j and k anywhere on the page.',
  },
  {
    anchor: 'rules',
    pane: 'rules',
    title: 'Rule switches',
    text: 'Switch off one of the store’s rules and watch what it protected break.',
  },
  {
    anchor: 'checks',
    pane: 'checks',
    title: 'Checks',
    text: 'The invariants and the scenario’s own expectations, green or red for the timeline in view.',
  },
  {
    anchor: 'editor',
    pane: 'editor',
    title: 'The scenario editor',
    text: 'Edit the scenario (add a user, an expectation) and run it; your edits stay in this browser.',
  },
  {
    anchor: 'tasks',
    pane: 'lesson',
    title: 'Your tasks',
    text: 'Each lesson asks a few things of you, checked from the replay. Hints come one at a time when you want them.',
  },
];
