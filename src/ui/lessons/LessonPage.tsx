/** The page around a router or memtool lesson: the playground's header, the lesson bar, the lesson's own views. */
import { SkipToSteps } from '../common/SkipToSteps';
import { type ReactNode, useEffect } from 'react';

/** j and k step anywhere on the page, except while typing (as on the playground's own page). */
export function useStepKeys(next: () => void, previous: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target;
      const typing =
        target instanceof HTMLElement &&
        (target.isContentEditable || target.closest('input, textarea, select, .monaco-editor') !== null);
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typing) return;
      if (event.key === 'j') next();
      if (event.key === 'k') previous();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [next, previous]);
}

interface LessonPageProps {
  lede: ReactNode;
  /** Section links: [fragment, label]. */
  sections: ReadonlyArray<readonly [string, string]>;
  /** The lesson bar, at the top of the main region. */
  lesson: ReactNode;
  children: ReactNode;
}

export function LessonPage({ lede, sections, lesson, children }: LessonPageProps) {
  return (
    <>
      <SkipToSteps />
      <header className="app-header">
        <div>
          <h1>Scope isolation playground</h1>
          <p className="lede">{lede}</p>
        </div>
        <nav aria-label="Sections">
          {sections.map(([id, label]) => (
            <a key={id} href={`#${id}`}>
              {label}
            </a>
          ))}
        </nav>
      </header>
      <main>
        {lesson}
        {children}
      </main>
      <footer className="app-footer">
        <p>
          Runs entirely in this page: the same pure engines as the command line, replayed in your browser. Nothing is
          sent anywhere.
        </p>
      </footer>
    </>
  );
}
