/**
 * The access picture's body, loaded when the panel is first drawn: the matrix of who can read what at
 * the step in view, or the scopes as nested regions, and what a switched-off rule flips.
 */
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { usePlayground } from '../common/playground';
import { principalName } from '../../core/store/entities';
import type { AccessShown } from '../../state/accessPicture';
import { RULES_TAB } from '../switches/words';
import { openPane } from '../common/openPane';
import { AccessTable } from './AccessTable';
import { ScopeRegions } from './ScopeRegions';
import { useInView } from './useInView';
import './access.css';
import { digits } from '../../core/text/digits';

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

/**
 * The picture follows the step only while it is on screen (or near it): off screen it keeps the last
 * step it drew, so stepping through a big scenario costs the picture nothing until it is looked at.
 * The engine draws it (engine/worker/access.ts); the store asks it again when the step or a choice changes.
 */
export default function AccessBody() {
  const shown = usePlayground((s) => s.access.shown);
  const seeAccess = usePlayground((s) => s.seeAccess);
  const box = useRef<HTMLDivElement>(null);
  // Focus inside counts as looking at it: a screen reader's cursor may not scroll the page.
  const [focused, setFocused] = useState(false);
  const live = useInView(box) || focused;
  useLayoutEffect(() => seeAccess(live), [live, seeAccess]);
  useLayoutEffect(() => () => seeAccess(false), [seeAccess]);
  return (
    <div
      ref={box}
      onFocus={() => setFocused(true)}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setFocused(false)}
    >
      {shown === null ? <p>Loading the access picture…</p> : <Picture shown={shown} />}
    </div>
  );
}

const Picture = memo(function Picture({ shown }: { shown: AccessShown }) {
  const { picture, onlyAsker } = usePlayground(
    useShallow((s) => ({ picture: s.access.picture, onlyAsker: s.access.onlyAsker })),
  );
  const { showAccessPicture, showOnlyAskersPrincipals, explainItemFor } = usePlayground(
    useShallow((s) => ({
      showAccessPicture: s.showAccessPicture,
      showOnlyAskersPrincipals: s.showOnlyAskersPrincipals,
      explainItemFor: s.explainItemFor,
    })),
  );
  const { look, user, cells, flipped, rulesOff, rulesOffWords: off } = shown;
  const { index, principal } = look;
  const where = index === 0 ? 'after the configuration' : `after step ${index}`;
  const flips =
    rulesOff.length === 0
      ? `Every rule is on. Switch one off in the ${RULES_TAB} tab to see the cells it flips.`
      : flipped === null
        ? `${off} switched off: the cells it flips in view are marked ⚑ (too many cells to count them all: show one user’s principals to count theirs).`
        : `${off} switched off: ${flipped === 1 ? '1 cell flips' : `${flipped} cells flip`}, marked ⚑ flipped.`;

  return (
    <div className="access-body">
      <div className="access-toolbar" role="group" aria-label="Picture">
        <button type="button" aria-pressed={picture === 'table'} onClick={() => showAccessPicture('table')}>
          Matrix
        </button>
        <button type="button" aria-pressed={picture === 'regions'} onClick={() => showAccessPicture('regions')}>
          Scopes as regions
        </button>
      </div>
      {picture === 'table' && principal !== null && (
        <div className="access-toolbar" role="group" aria-label="Principals">
          <button type="button" aria-pressed={!onlyAsker} onClick={() => showOnlyAskersPrincipals(false)}>
            Everyone
          </button>
          <button type="button" aria-pressed={onlyAsker} onClick={() => showOnlyAskersPrincipals(true)}>
            Only {principal.user}’s principals and items
          </button>
        </div>
      )}
      <p className={`access-flips${rulesOff.length > 0 ? ' access-flips-on' : ''}`} role="status">
        {flips}
      </p>
      {shown.regions === null ? (
        shown.rows === 0 || shown.columns === 0 ? (
          <p className="muted">{shown.rows === 0 ? 'No step names a principal yet.' : 'The store is empty.'}</p>
        ) : (
          <>
            <p className="muted access-size">
              {digits(shown.rows)} principals × {digits(shown.columns)} items {where}. Choose a cell to see why in the
              explainer.
            </p>
            <AccessTable
              cells={cells}
              groups={shown.groups}
              asker={principal}
              caption={
                user === null
                  ? `Who can read what ${where}: each principal the scenario names, by each item in the store, grouped by scope`
                  : `Who can read what ${where}: ${user}’s principals, by the app items and ${user}’s items, grouped by scope`
              }
              onOpen={(asker, seq) => {
                // The store only points the explainer; bringing its pane into view is the layout's job.
                explainItemFor(asker, seq);
                openPane('why');
                showAskedItem();
              }}
            />
          </>
        )
      ) : (
        <ScopeRegions
          map={shown.regions}
          title={`The scopes as nested regions ${where}, lit where ${principal ? principalName(principal) : 'nobody'} reads`}
        />
      )}
    </div>
  );
});
