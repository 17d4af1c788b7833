/**
 * "Ask your own model": an optional panel. Nothing about it is loaded, and nothing is sent anywhere,
 * until the learner opens it and presses Send.
 */
import { lazy, Suspense, useState } from 'react';
import { Panel } from '../common/Panel';

const AskModel = lazy(() => import('./AskModel'));

export function ModelSection() {
  const [open, setOpen] = useState(false);
  return (
    <Panel
      title="Ask your own model"
      id="model"
      className="model-panel"
      intro={
        <>
          Send the scoped and the naive request in view to a model on your own computer (Ollama), and see its answers
          graded the way the recorded ones were. Optional: the page sends nothing anywhere unless you press Send here.
        </>
      }
    >
      {open ? (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <AskModel />
        </Suspense>
      ) : (
        <p>
          <button type="button" onClick={() => setOpen(true)}>
            Set up your own model
          </button>
        </p>
      )}
    </Panel>
  );
}
