/**
 * The slim bar over the panes: the title, the open lesson with the way to all lessons, Share (with the
 * embed snippet), Download and Import, the editor's toggle, and Help (keys, presentation mode, Reset layout).
 */
import { lazy, Suspense, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLessons } from '../common/lessonsContext';
import { useLayout } from './layoutContext';
import { Popover } from './Popover';
import { useIdle } from '../common/whenIdle';
import { LessonDoneMark } from '../common/exercisesContext';
import { ScenarioTitle } from '../common/ScenarioTitle';

// Share's body runs only after a click, and its panel is hidden until then: it is rendered (and its code
// fetched) once the page is idle after its first paint, or when Share opens, if that comes first.
const ShareBody = lazy(async () => ({ default: (await import('./ShareBody')).ShareBody }));

export function TopBar({ phone }: { phone: boolean }) {
  const { session, toggleGallery } = useLessons(
    useShallow((s) => ({ session: s.session, toggleGallery: s.toggleGallery })),
  );
  const layout = useLayout(
    useShallow((s) => ({
      tab: s.tab,
      editorOpen: s.editorOpen,
      presentation: s.presentation,
      openTab: s.openTab,
      openPhoneTab: s.openPhoneTab,
      setEditorOpen: s.setEditorOpen,
      setPresentation: s.setPresentation,
      resetLayout: s.resetLayout,
    })),
  );
  const allLessons = () => {
    if (phone) layout.openPhoneTab('lesson');
    else layout.openTab('lesson');
    toggleGallery(true);
  };
  const view = { tab: layout.tab, editor: layout.editorOpen };
  const idle = useIdle();
  const [shareOpened, setShareOpened] = useState(false);
  return (
    <header className="wb-top">
      <h1 className="wb-title">Scope isolation playground</h1>
      {session !== null && (
        <p className="wb-lesson">
          <span className="visually-hidden">Lesson: </span>
          <ScenarioTitle session={session} />
        </p>
      )}
      {session !== null && <LessonDoneMark lessonId={session.lesson.id} />}
      <div className="wb-actions">
        <button type="button" onClick={allLessons}>
          Lessons
        </button>
        {!phone && (
          <button
            type="button"
            aria-pressed={layout.editorOpen}
            onClick={() => layout.setEditorOpen(!layout.editorOpen)}
          >
            Editor
          </button>
        )}
        {session !== null && (
          <Popover label="Share" className="wb-share" onOpen={() => setShareOpened(true)}>
            {(idle || shareOpened) && (
              <Suspense fallback={null}>
                <ShareBody session={session} view={view} />
              </Suspense>
            )}
          </Popover>
        )}
        <Popover label="Help" className="wb-help">
          <p>
            Keys: j and k step anywhere; in the timeline ↑ ↓ move, Home and End jump. A separator between panes takes
            focus with Tab and moves with the arrow keys.
          </p>
          {!phone && (
            <label className="wb-toggle">
              <input
                type="checkbox"
                checked={layout.presentation}
                onChange={(event) => layout.setPresentation(event.target.checked)}
              />{' '}
              Presentation mode (larger type, fewer panes)
            </label>
          )}
          <button type="button" onClick={layout.resetLayout}>
            Reset layout
          </button>
        </Popover>
      </div>
    </header>
  );
}
