/** The top bar's Share popover body: Share, Download, Import and the embed snippet, in one lazy chunk. */
import type { LessonSession } from '../../state/lessons/sessions';
import type { ShareView } from '../../state/lessons/shareLogic';
import { ShareTools } from '../share/ShareTools';
import { EmbedSnippet } from './EmbedSnippet';

export function ShareBody({ session, view }: { session: LessonSession; view: ShareView }) {
  return (
    <>
      <ShareTools session={session} view={view} />
      <EmbedSnippet session={session} view={view} />
    </>
  );
}
