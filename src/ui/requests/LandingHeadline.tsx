/** A first visit's one plain headline of what is happening at the step it opened on; gone once the learner moves. */
import { usePlayground } from '../common/playground';

export function LandingHeadline() {
  const headline = usePlayground((s) =>
    s.landing !== null && s.landing.index === s.index ? s.landing.headline : null,
  );
  if (headline === null) return null;
  return (
    <p className="landing-headline">
      <span aria-hidden="true">⚠ </span>
      {headline}
    </p>
  );
}
