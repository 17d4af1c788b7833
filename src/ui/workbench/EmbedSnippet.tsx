/** Share's second half: the <iframe> snippet that embeds this lesson, step and panes in another page. */
import { useId, useState } from 'react';
import type { LessonSession } from '../../state/lessons/sessions';
import { type ShareView, shareStateOf } from '../../state/lessons/shareLogic';
import { digits } from '../../core/text/digits';

type Snippet = { kind: 'none' } | { kind: 'ok'; html: string } | { kind: 'too-long'; length: number };

export function EmbedSnippet({ session, view }: { session: LessonSession; view: ShareView }) {
  const [snippet, setSnippet] = useState<Snippet>({ kind: 'none' });
  const fieldId = useId();
  const make = async () => {
    const { encodeShare } = await import('../../core/sharing/shareLink');
    const link = encodeShare(shareStateOf(session, view));
    if (link.kind === 'too-long') {
      setSnippet({ kind: 'too-long', length: link.length });
      return;
    }
    const src = `${window.location.origin}${window.location.pathname}?embed${link.fragment}`;
    const html = `<iframe src="${src.replaceAll('"', '&quot;')}" title="${session.lesson.title.replaceAll('"', '&quot;')} · Scope isolation playground" width="100%" height="640" loading="lazy" style="border:0"></iframe>`;
    setSnippet({ kind: 'ok', html });
  };
  return (
    <div className="embed-snippet">
      <button type="button" onClick={() => void make()}>
        Embed in a page
      </button>
      {snippet.kind === 'too-long' && (
        <p role="status">This lesson is too large to embed by link ({digits(snippet.length)} characters).</p>
      )}
      {snippet.kind === 'ok' && (
        <>
          <label htmlFor={fieldId} className="field-label">
            Embed snippet
          </label>
          <textarea
            id={fieldId}
            className="share-field"
            readOnly
            rows={4}
            value={snippet.html}
            onFocus={(event) => event.target.select()}
          />
        </>
      )}
    </div>
  );
}
