/**
 * The access picture's body, loaded when the panel is first drawn: the matrix of who can read what at
 * the step in view, or the scopes as nested regions, and what a switched-off rule flips.
 */
import { memo, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { usePlayground, useTimeline } from '../common/playground';
import { accessMatrixAt, flippedCells } from '../../core/explain/accessMatrix';
import { scopeRegionsAt } from '../../core/explain/scopeRegions';
import { type Principal, principalName } from '../../core/store/entities';
import type { Timeline } from '../../core/replay/replayText';
import { ruleNames } from '../../core/store/rules';
import { RULES_TAB } from '../switches/words';
import { openPane } from '../common/openPane';
import { AccessTable } from './AccessTable';
import { ScopeRegions } from './ScopeRegions';
import { useInView } from './useInView';
import './access.css';

/** Past this many cells the flipped ones are not counted: counting decides every cell. */
const COUNT_FLIPS_UP_TO = 5000;

/** How many frames (about two seconds) to wait for the explainer, whose tab mounts and loads when opened. */
const MAX_FRAMES = 120;

/** Once the explainer has drawn the item asked about, scroll to it and give it keyboard focus. */
function showAskedItem(tries = 0) {
  requestAnimationFrame(() => {
    const item = document.querySelector<HTMLElement>('#why [data-asked-item]');
    const heading = document.querySelector<HTMLElement>('#why h2');
    // The explainer draws its heading and its items at once: no heading yet, it is still on its way.
    if (item === null && heading === null && tries < MAX_FRAMES) {
      showAskedItem(tries + 1);
      return;
    }
    const target = item ?? heading;
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus({ preventScroll: true });
  });
}

interface Shown {
  timeline: Timeline;
  index: number;
  principal: Principal | null;
}

/**
 * The picture follows the step only while it is on screen (or near it): off screen it keeps the last
 * step it drew, so stepping through a big scenario costs the picture nothing until it is looked at.
 */
export default function AccessBody() {
  const timeline = useTimeline();
  const look = usePlayground(useShallow((s) => ({ index: s.index, principal: s.principal })));
  const current = useMemo(() => (timeline === null ? null : { timeline, ...look }), [timeline, look]);
  const explainItemFor = usePlayground((s) => s.explainItemFor);
  const box = useRef<HTMLDivElement>(null);
  // Focus inside counts as looking at it: a screen reader's cursor may not scroll the page.
  const [focused, setFocused] = useState(false);
  const live = useInView(box) || focused;
  // React's "adjust state during render": the step last drawn while on screen.
  const [shown, setShown] = useState<Shown | null>(current);
  if (live && shown !== current && current !== null) setShown(current);
  const drawn = live ? (current ?? shown) : shown;
  return (
    <div
      ref={box}
      onFocus={() => setFocused(true)}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setFocused(false)}
    >
      {drawn === null ? <p>Loading the access picture…</p> : <Picture {...drawn} explainItemFor={explainItemFor} />}
    </div>
  );
}

const Picture = memo(function Picture({
  timeline,
  index,
  principal,
  explainItemFor,
}: Shown & { explainItemFor(principal: Principal, seq: number): void }) {
  const [picture, setPicture] = useState<'table' | 'regions'>('table');
  const [onlyAsker, setOnlyAsker] = useState(false);
  const user = onlyAsker && principal !== null ? principal.user : null;
  const matrix = useMemo(() => accessMatrixAt(timeline, index, user), [timeline, index, user]);
  const flipped = useMemo(() => flippedCells(matrix, COUNT_FLIPS_UP_TO), [matrix]);
  const regions = useMemo(
    () => (picture === 'regions' ? scopeRegionsAt(timeline, index, principal) : null),
    [picture, timeline, index, principal],
  );
  const where = index === 0 ? 'after the configuration' : `after step ${index}`;
  const off = ruleNames(matrix.rulesOff);
  const flips =
    matrix.rulesOff.length === 0
      ? `Every rule is on. Switch one off in the ${RULES_TAB} tab to see the cells it flips.`
      : flipped === null
        ? `${off} switched off: the cells it flips in view are marked ⚑ (too many cells to count them all: show one user’s principals to count theirs).`
        : `${off} switched off: ${flipped.length === 1 ? '1 cell flips' : `${flipped.length} cells flip`}, marked ⚑ flipped.`;

  return (
    <div className="access-body">
      <div className="access-toolbar" role="group" aria-label="Picture">
        <button type="button" aria-pressed={picture === 'table'} onClick={() => setPicture('table')}>
          Matrix
        </button>
        <button type="button" aria-pressed={picture === 'regions'} onClick={() => setPicture('regions')}>
          Scopes as regions
        </button>
      </div>
      {picture === 'table' && principal !== null && (
        <div className="access-toolbar" role="group" aria-label="Principals">
          <button type="button" aria-pressed={!onlyAsker} onClick={() => setOnlyAsker(false)}>
            Everyone
          </button>
          <button type="button" aria-pressed={onlyAsker} onClick={() => setOnlyAsker(true)}>
            Only {principal.user}’s principals and items
          </button>
        </div>
      )}
      <p className={`access-flips${matrix.rulesOff.length > 0 ? ' access-flips-on' : ''}`} role="status">
        {flips}
      </p>
      {picture === 'table' ? (
        matrix.rows.length === 0 || matrix.columns === 0 ? (
          <p className="muted">{matrix.rows.length === 0 ? 'No step names a principal yet.' : 'The store is empty.'}</p>
        ) : (
          <>
            <p className="muted access-size">
              {matrix.rows.length.toLocaleString('en')} principals × {matrix.columns.toLocaleString('en')} items {where}
              . Choose a cell to see why in the explainer.
            </p>
            <AccessTable
              matrix={matrix}
              asker={principal}
              caption={
                user === null
                  ? `Who can read what ${where}: each principal the scenario names, by each item in the store, grouped by scope`
                  : `Who can read what ${where}: ${user}’s principals, by the app items and ${user}’s items, grouped by scope`
              }
              onOpen={(r, c) => {
                // The store only points the explainer; bringing its pane into view is the layout's job.
                explainItemFor(matrix.rows[r]!, matrix.item(c).seq);
                openPane('why');
                showAskedItem();
              }}
            />
          </>
        )
      ) : (
        regions !== null && (
          <ScopeRegions
            map={regions}
            title={`The scopes as nested regions ${where}, lit where ${principal ? principalName(principal) : 'nobody'} reads`}
          />
        )
      )}
    </div>
  );
});
