/**
 * Icons drawn as inline SVG, for marks that no font the page can count on covers: Debian's Chromium
 * (fonts-dejavu-core, DejaVu Sans, the one font its fontconfig guarantees) draws "ⓘ" and "⧉" as empty
 * boxes. Decorative: hidden from assistive technology, coloured by the text around them (currentColor),
 * sized to the text (1em). The words beside an icon say what it means.
 */
const PATHS = {
  /** A circled "i": a remark, not a warning. */
  info: (
    <>
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <rect x="7.25" y="7" width="1.5" height="5" fill="currentColor" />
      <circle cx="8" cy="4.75" r="1" fill="currentColor" />
    </>
  ),
  /** Two overlapping squares: a copy. */
  copy: (
    <>
      <rect x="1.75" y="1.75" width="8.5" height="8.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <rect x="5.75" y="5.75" width="8.5" height="8.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </>
  ),
} as const;

export type IconName = keyof typeof PATHS;

/** One icon at the size of the text around it; a space after it is the caller's. */
export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      style={{ verticalAlign: '-0.125em' }}
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
