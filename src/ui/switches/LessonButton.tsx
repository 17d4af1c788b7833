/** Load a lesson's scenario into the editor and run it: for a rule the scenario on screen never tests. */
import { useState } from 'react';
import { usePlayground } from '../common/playground';
import type { Lesson } from '../../core/lessons/catalogue';

// Each lesson file is its own small chunk, fetched on click, so the page's entry chunk does not grow.
const FILES = import.meta.glob<string>('../../../fixtures/lessons/*.scenario.json', {
  query: '?raw',
  import: 'default',
});

export function LessonButton({ lesson }: { lesson: Lesson }) {
  const loadScenario = usePlayground((s) => s.loadScenario);
  const [failed, setFailed] = useState<string | null>(null);
  const load = FILES[`../../../fixtures/lessons/${lesson.file}`];
  if (load === undefined) return null;
  const open = () => {
    load().then(
      (text) => {
        setFailed(null);
        loadScenario(text);
      },
      (error: unknown) => setFailed(error instanceof Error ? error.message : String(error)),
    );
  };
  return (
    <>
      <button type="button" className="link" onClick={open}>
        Load the lesson “{lesson.title}”
      </button>{' '}
      (replaces the editor’s text).
      {failed && <span role="alert"> The lesson could not be loaded: {failed}.</span>}
    </>
  );
}
