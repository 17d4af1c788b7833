/**
 * The context cache, visible: for each query step, the cache key's parts, hit or miss, and whom the
 * served context was built for. With a cache rule off, the wrong context and its receiver are named.
 */
import { useShallow } from 'zustand/react/shallow';
import { Panel } from '../common/Panel';
import { usePlayground } from '../common/playground';
import { VirtualList } from '../common/VirtualList';
import type { CacheRow } from '../../core/explain/cacheTrace';
import { principalName } from '../../core/store/entities';
import { useGoToStep } from '../explain/useGoToStep';
import './cache.css';
import { VerdictLine } from '../common/VerdictLine';

function Served({ row }: { row: CacheRow }) {
  const built = principalName(row.builtFor);
  const asker = principalName(row.principal);
  if (!row.hit) return <p className="cache-served">Miss: the store built this request now, for {asker}.</p>;
  if (!row.otherPrincipal && !row.stale)
    return (
      <p className="cache-served">
        Hit: the context built for {asker} at step {row.builtAtStep}, unchanged since.
      </p>
    );
  return (
    <p className="cache-served cache-wrong">
      <span aria-hidden="true">⚠ </span>
      <strong>Wrong context served to {asker}</strong>: it was built for {built} at step {row.builtAtStep}
      {row.stale && (
        <>
          {' '}
          at store version {row.builtAtVersion}; the store is now at version {row.version}, so deleted or changed items
          can come back
        </>
      )}
      .
    </p>
  );
}

/** A semantic lookup: the text compared, and the nearest cached text's similarity against the threshold. */
function Similar({ similarity, hit }: { similarity: NonNullable<CacheRow['similarity']>; hit: boolean }) {
  const { nearest, threshold } = similarity;
  return (
    <p className="cache-similar">
      <span className="cache-label">Compared by similarity:</span> <q>{similarity.text}</q>
      {nearest === null ? (
        <> (nothing cached in this partition yet)</>
      ) : (
        <>
          {' '}
          with <q>{nearest.text}</q>: similarity <strong>{nearest.score.toFixed(2)}</strong> {hit ? '≥' : '<'} threshold{' '}
          {threshold}
        </>
      )}
    </p>
  );
}

const rowClass = (row: CacheRow, current: boolean) =>
  `cache-row${row.hit && (row.otherPrincipal || row.stale) ? ' wrong' : ''}${current ? ' current' : ''}`;

function Row({ row, current, goTo }: { row: CacheRow; current: boolean; goTo: (index: number) => void }) {
  return (
    <>
      <div className="cache-head">
        <button type="button" className="link" onClick={() => goTo(row.index)}>
          Step {row.index}
        </button>
        <code>{principalName(row.principal)}</code>
        <span className={`cache-result ${row.hit ? 'hit' : 'miss'}`}>{row.hit ? 'hit' : 'miss'}</span>
        {current && <span className="cache-here">the step in view</span>}
      </div>
      <p className="cache-key">
        <span className="cache-label">{row.similarity === null ? 'Key:' : 'Partition:'}</span>{' '}
        {row.parts.map((part) => (
          <span key={part.name} className="key-part">
            <span className="key-name">{part.name}</span> {String(part.value)}
          </span>
        ))}
        {row.missing.map((name) => (
          <span key={name} className="key-part missing">
            <span aria-hidden="true">✕ </span>no {name}
          </span>
        ))}
      </p>
      {row.similarity !== null && <Similar similarity={row.similarity} hit={row.hit} />}
      <Served row={row} />
    </>
  );
}

export function CachePanel() {
  const { rows, index, rulesOff } = usePlayground(
    useShallow((s) => ({ rows: s.cache, index: s.index, rulesOff: s.rulesOff })),
  );
  const goTo = useGoToStep({ scroll: true });
  const broken =
    rulesOff.filter(
      (rule) => rule === 'cacheKeyPrincipal' || rule === 'cacheKeyVersion' || rule === 'semanticCachePartition',
    ).length > 0;
  const wrong = rows.filter((row) => row.hit && (row.otherPrincipal || row.stale)).length;
  return (
    <Panel
      title="Context cache"
      id="cache"
      className="cache-panel"
      intro="Each query step looks up a cached request by its key. With every rule on the key holds user, task, agent, question and store version, so a request built for one principal is never served to another, nor after the store changed. A semantic cache keys a partition the same way, without the question, and serves the most similar cached question in it."
    >
      {rows.length === 0 ? (
        <p className="muted">This scenario has no query step.</p>
      ) : (
        <>
          <VerdictLine tone={wrong > 0 ? 'warn' : 'ok'} status>
            {wrong > 0
              ? `${wrong} of ${rows.length} queries got a context built for someone else or before a change.`
              : `${rows.length} queries, each served a context built for its own principal and the store as it was.${broken ? ' (A cache rule is off, but no query here collides.)' : ''}`}
          </VerdictLine>
          <VirtualList
            as="ol"
            className="cache-rows"
            label="Cache lookups"
            items={rows}
            rowHeight={(row) => (row.similarity === null ? 112 : 150)}
            rowKey={(row) => row.index}
            rowClassName={(row) => rowClass(row, row.index === index)}
            render={(row) => <Row row={row} current={row.index === index} goTo={goTo} />}
          />
        </>
      )}
    </Panel>
  );
}
