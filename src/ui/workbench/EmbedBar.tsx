/** The one line an embedded page shows instead of the top bar: a way out to the full playground. */
export function EmbedBar() {
  // The same lesson, step and panes, without ?embed: the learner's own playground in a new tab.
  const params = new URLSearchParams(window.location.search);
  params.delete('embed');
  const query = params.toString();
  const href = `${window.location.pathname}${query === '' ? '' : `?${query}`}${window.location.hash}`;
  return (
    <p className="wb-embed-bar">
      <a href={href} target="_blank" rel="noopener">
        Open in the playground
      </a>
    </p>
  );
}
