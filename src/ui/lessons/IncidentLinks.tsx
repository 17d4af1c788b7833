/** The incident's public records, as links after its words (they open in a new tab; nothing is fetched). */
import type { IncidentLink } from '../../core/lessons/catalogue';

export function IncidentLinks({ links }: { links: readonly IncidentLink[] }) {
  return (
    <span className="incident-links">
      {' '}
      Read it:{' '}
      {links.map((link, i) => (
        <span key={link.url}>
          {i > 0 ? ' · ' : ''}
          <a href={link.url} target="_blank" rel="noopener noreferrer">
            {link.name}
          </a>
        </span>
      ))}
      .
    </span>
  );
}
