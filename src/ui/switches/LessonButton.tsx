/**
 * Send the learner to the lesson that tests a rule the scenario on screen never tests. In the lessons
 * shell the lesson opens in its own session (its own saved edits; the work on screen stays where it is).
 * Outside the shell there is no lesson to open, so the card only names it: loading its text here would
 * replace the learner's scenario.
 */
import type { Lesson } from '../../core/lessons/catalogue';
import { useOpenLesson } from '../common/lessonsContext';
import { openPane } from '../common/openPane';

export function LessonButton({ lesson }: { lesson: Lesson }) {
  const openLesson = useOpenLesson();
  if (openLesson === null) return <>The lesson “{lesson.title}” tests it.</>;
  return (
    <>
      <button
        type="button"
        className="link"
        onClick={() => {
          openLesson(lesson.id);
          // In the workbench the lesson is a dock tab: bring it forward, or the click shows nothing.
          openPane('lesson');
        }}
      >
        Open the lesson “{lesson.title}”
      </button>{' '}
      (your work here is kept).
    </>
  );
}
