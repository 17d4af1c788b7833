/** A first visit's one plain headline of what is happening at the step it opened on; gone once the learner moves. */
import { usePlayground } from '../common/playground';
import { useReveal } from '../common/exercisesContext';

export function LandingHeadline() {
  const headline = usePlayground((s) =>
    s.landing !== null && s.landing.index === s.index ? s.landing.headline : null,
  );
  // The headline says what leaks: withheld, like the verdicts, while a task about this step is pending.
  const shown = useReveal()?.verdicts !== false;
  if (headline === null || !shown) return null;
  return (
    <p className="landing-headline">
      <span aria-hidden="true">⚠ </span>
      {headline}
    </p>
  );
}
