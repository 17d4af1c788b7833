/** Pieces of the database view: the verdict of a read, the SQL of a read, and the rows it returned. */
import type { Item, Principal } from '../../core/store/entities';
import { readStatements } from '../../core/sql';
import type { Agreement } from '../../core/sql/agreement';
import { ScopeTag } from '../common/labels';
import type { ReadCheck } from '../../state/database/dbSession';

const ids = (items: readonly Item[]) => items.map((item) => item.id).join(', ');

/** What differs, in words: "PostgreSQL left out bob-style, which the store shows; …". */
export function differences(agreement: Extract<Agreement, { kind: 'different' }>): string {
  if (agreement.reordered) return 'PostgreSQL returned the same items in another order';
  const parts: string[] = [];
  if (agreement.missing.length > 0) parts.push(`PostgreSQL left out ${ids(agreement.missing)}, which the store shows`);
  if (agreement.extra.length > 0)
    parts.push(`PostgreSQL returned ${ids(agreement.extra)}, which the store does not show`);
  if (agreement.changed.length > 0)
    parts.push(`PostgreSQL's copy of ${ids(agreement.changed)} differs from the store's`);
  return parts.join('; ');
}

/** One read's verdict as a sentence, with an icon; `what` names the store's answer ("store.visible(bob/…)"). */
export function ReadVerdict({ check, what }: { check: ReadCheck; what: string }) {
  const { agreement, expected } = check;
  if (agreement.kind === 'different') {
    return (
      <p className="db-verdict bad">
        <span aria-hidden="true">✗ </span>
        <strong>Disagrees with the store:</strong> {differences(agreement)}.
      </p>
    );
  }
  const n = agreement.count;
  const why =
    expected.rule === 'unknown-agent' ? (
      <>
        {' '}
        The store refuses agent <code>{check.principal?.agent}</code>, which no scenario agent is; PostgreSQL returned
        no rows. Both fail closed.
      </>
    ) : (
      <>
        {' '}
        PostgreSQL returned the same {n === 1 ? 'item' : `${n} items`} as {what}, item for item, in the same order.
      </>
    );
  return (
    <p className="db-verdict ok">
      <span aria-hidden="true">✓ </span>
      <strong>Agrees with the store.</strong>
      {why}
    </p>
  );
}

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The statements of one read as they are sent, with the parameters beside them, never inside. */
export function ReadSql({ principal }: { principal: Principal | null }) {
  const [settings, select] = readStatements(principal);
  const params = settings!.params.map((value, i) => `$${i + 1} = ${quote(String(value))}`).join(', ');
  return (
    <pre className="db-sql" tabIndex={0} aria-label="The SQL of this read">
      {'begin;\n'}
      {`${settings!.text};\n`}
      {params === ''
        ? '-- no principal: app.user, app.task and app.agent stay unset\n'
        : `-- parameters, sent beside the text: ${params}\n`}
      {`${select!.text};\n`}
      {'commit;  -- the settings and the role end with the transaction'}
    </pre>
  );
}

/** The rows of a read, each with its scope and owner; rows the store would not show are marked. */
export function RowsTable({
  rows,
  caption,
  flag,
}: {
  rows: readonly Item[];
  caption: string;
  flag?: (item: Item) => string | null;
}) {
  if (rows.length === 0) return <p className="db-empty">{caption}: no rows.</p>;
  return (
    <div className="db-table-wrap" tabIndex={0} role="group" aria-label={caption}>
      <table className="db-rows">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">seq</th>
            <th scope="col">id</th>
            <th scope="col">scope · owner</th>
            <th scope="col">text</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((item) => {
            const note = flag?.(item) ?? null;
            return (
              <tr key={item.seq} className={note === null ? undefined : 'flagged'}>
                <td>{item.seq}</td>
                <th scope="row">
                  <code>{item.id}</code>
                  {note !== null && (
                    <span className="db-flag">
                      <span aria-hidden="true"> ⚠ </span>
                      {note}
                    </span>
                  )}
                </th>
                <td>
                  <ScopeTag item={item} />
                </td>
                <td className="db-text">{item.text}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
