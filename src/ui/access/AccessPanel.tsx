/**
 * The access picture's panel: who can read what at this step. The panel and its heading are drawn at
 * once; its body (the matrix and the regions) loads on first draw, outside the page's entry JavaScript.
 */
import { lazy, Suspense } from 'react';
import { Panel } from '../common/Panel';

const AccessBody = lazy(() => import('./AccessBody'));

export function AccessPanel() {
  return (
    <Panel
      title="Who can read what"
      id="access"
      className="access-panel"
      intro="Every principal the scenario names, by every item in the store at this step: in or out, by the store’s own rule."
    >
      <Suspense fallback={<p className="muted">Loading the access picture…</p>}>
        <AccessBody />
      </Suspense>
    </Panel>
  );
}
