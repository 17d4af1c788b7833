/** A lesson's place in the course, in words: its level, what it teaches, and the lessons it builds on. */
import { lessonById } from '../../core/lessons/catalogue';
import { courseStep, nextLesson } from '../../core/lessons/course';
import { lessonRoute } from '../../state/lessons/route';

export function CourseFacts({ lessonId }: { lessonId: string }) {
  const step = courseStep(lessonId);
  if (step === undefined) return null;
  return (
    <p className="course-facts">
      <span className="gallery-label">Level:</span> {step.level}, about {step.minutes} minutes.{' '}
      <span className="gallery-label">Teaches:</span> {step.teaches}
      {step.buildsOn.length > 0 && (
        <>
          {' '}
          <span className="gallery-label">Builds on:</span>{' '}
          {step.buildsOn.map((id, i) => (
            <span key={id}>
              {i > 0 ? ', ' : ''}
              <a href={lessonRoute(id)}>{lessonById(id)?.title ?? id}</a>
            </span>
          ))}
          .
        </>
      )}
    </p>
  );
}

/** When a lesson is done: the next one in the course, as a link to its address (none after the last). */
export function NextLesson({ lessonId }: { lessonId: string }) {
  const next = nextLesson(lessonId);
  const step = next === null ? undefined : courseStep(next.id);
  if (next === null || step === undefined) return <p className="tasks-next">That was the last lesson of the course.</p>;
  return (
    <p className="tasks-next">
      Next in the course: <a href={lessonRoute(next.id)}>{next.title}</a> ({step.level}: {step.teaches})
    </p>
  );
}
