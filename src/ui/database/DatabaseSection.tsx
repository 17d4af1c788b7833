/**
 * The database view's place on the page: a short explanation and a button. PGlite (several megabytes
 * of WebAssembly and data) and the view's own code load only when the learner opens it.
 */
import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { databaseView } from '../../state/database/viewOpened';
import { Panel } from '../common/Panel';
import './database.css';
import { Loading } from '../common/Loading';

const DatabaseView = lazy(() => import('./DatabaseView'));

export function DatabaseSection() {
  const open = useStore(databaseView, (s) => s.open);
  const openView = useStore(databaseView, (s) => s.openView);
  return (
    <Panel
      title="The same reads in PostgreSQL"
      id="database"
      className="database-panel"
      intro={
        <>
          The store above decides in memory who may read which item. Here PostgreSQL decides it with a row-level
          security policy, in your browser (PGlite, PostgreSQL compiled to WebAssembly), and each read is checked
          against the store: the same items, in the same order, for the step and principal you are looking at.
        </>
      }
    >
      {open ? (
        <Suspense fallback={<Loading what="the database view" className="db-status" />}>
          <DatabaseView />
        </Suspense>
      ) : (
        <p>
          <button type="button" className="primary" onClick={openView}>
            Open the database view
          </button>{' '}
          <span className="hint">
            Loads PostgreSQL from this site: about 16 MB of WebAssembly and data (5 MB if the server compresses it).
            Nothing is sent anywhere.
          </span>
        </p>
      )}
    </Panel>
  );
}
