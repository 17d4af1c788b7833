/**
 * How much of a box a learner sees: the part of it inside the viewport and inside every ancestor that
 * clips (overflow other than visible), as a fraction of its own area. Pure, so that `npm run layout`
 * measures in the page (the boxes) and judges here (the fraction), and the judging is tested.
 */

/** A box in viewport coordinates, as getBoundingClientRect gives it. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const area = (box: Box) => Math.max(0, box.right - box.left) * Math.max(0, box.bottom - box.top);

/** The part of `box` inside `clip` (an empty box when they do not meet). */
export function intersect(box: Box, clip: Box): Box {
  return {
    left: Math.max(box.left, clip.left),
    top: Math.max(box.top, clip.top),
    right: Math.min(box.right, clip.right),
    bottom: Math.min(box.bottom, clip.bottom),
  };
}

/**
 * The visible fraction of `own` (0 to 1) once cut by each of `clips` (the viewport and every clipping
 * ancestor). A box with no area (not rendered) is 0: nothing of it can be seen. Rounding in the layout
 * engine leaves sub-pixel slivers; a fraction within half a pixel's worth of 1 counts as whole.
 */
export function visibleFraction(own: Box, clips: readonly Box[]): number {
  const whole = area(own);
  if (whole === 0) return 0;
  const seen = area(clips.reduce(intersect, own));
  const width = own.right - own.left;
  const height = own.bottom - own.top;
  const slack = 0.5 * Math.max(width, height);
  return whole - seen <= slack ? 1 : seen / whole;
}
