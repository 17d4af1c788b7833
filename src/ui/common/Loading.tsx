/** The line a lazily loaded part shows until it arrives: "Loading the classroom view…", announced politely. */
export function Loading({ what, className = 'muted' }: { what: string; className?: string }) {
  return (
    <p className={className} role="status">
      Loading {what}…
    </p>
  );
}
