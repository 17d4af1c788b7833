/** A passing message the learner can dismiss ("Your edit was kept…"), announced politely. */
export function Notice({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  return (
    <p className="notice" role="status">
      {text}{' '}
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </p>
  );
}
