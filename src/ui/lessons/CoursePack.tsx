/**
 * A course pack in the gallery: open one from a file (or it arrives from a `#/course/…` link), see its
 * lessons in order with their level and what they teach, and open one. A lesson opens in the gallery
 * lesson of its engine as a scenario with its own tasks, so the Tasks panel lists and judges them and
 * keeps their progress under the scenario's key. Everything in the pack is rendered as text.
 */
import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { encodePackLink } from '../../core/courses/packLink';
import { lessonScenarioText, type PackLesson } from '../../core/courses/pack';
import { HOST_LESSON, type PackStore } from '../../state/courses/packStore';
import { importInto } from '../../state/lessons/shareLogic';
import { MAX_PACK_CHARS } from '../../core/courses/pack';
import { useLessonsStore } from '../common/lessonsContext';

export function CoursePack({ packs }: { packs: PackStore }) {
  const inputId = useId();
  const lessons = useLessonsStore();
  const [said, setSaid] = useState('');
  const [text, setText] = useState<string | null>(null);
  const { pack, source, problem, openText, close } = useStore(
    packs,
    useShallow((s) => ({ pack: s.pack, source: s.source, problem: s.problem, openText: s.openText, close: s.close })),
  );

  const openFile = async (file: File | undefined) => {
    if (file === undefined) return;
    // The size is known before reading: a file past the bound is refused without being read.
    if (file.size > MAX_PACK_CHARS * 4) {
      setSaid(`${file.name} is larger than a course pack may be.`);
      return;
    }
    const read = await file.text();
    if (await openText(read, file.name)) {
      setText(read);
      setSaid(`Opened the course pack ${file.name}.`);
    } else setSaid('');
  };

  const openLesson = async (lesson: PackLesson) => {
    await lessons.getState().openLesson(HOST_LESSON[lesson.engine]);
    const session = lessons.getState().session;
    if (session === null) return;
    const problems = await importInto(session, lessonScenarioText(lesson));
    setSaid(
      problems === null || problems.length === 0
        ? `Opened “${lesson.title}”: its tasks are in the Tasks panel.`
        : `“${lesson.title}” could not be opened: ${problems[0]!.path}: ${problems[0]!.message}`,
    );
  };

  const link = text === null ? null : encodePackLink(text);

  return (
    <section className="course-pack" aria-label="Course pack">
      <h3>Course packs</h3>
      <p className="panel-intro">
        A teacher’s course pack holds several lessons in one file. Open one to list its lessons; it is read in this page
        only.
      </p>
      <label htmlFor={inputId}>Open a course pack</label>{' '}
      <input
        id={inputId}
        type="file"
        accept=".json,application/json"
        onChange={(e) => void openFile(e.target.files?.[0])}
      />
      {problem !== null && <p className="verdict-line bad">{problem}</p>}
      {pack !== null && (
        <div className="course-pack-lessons">
          <h4>
            {pack.title} <span className="muted">({source})</span>
          </h4>
          {pack.about !== undefined && <p>{pack.about}</p>}
          <ol aria-label={`Lessons of ${pack.title}`}>
            {pack.lessons.map((lesson) => (
              <li key={lesson.id}>
                <button type="button" className="link" onClick={() => void openLesson(lesson)}>
                  {lesson.title}
                </button>
                {lesson.level !== undefined && <span className="muted"> · {lesson.level}</span>}
                {lesson.teaches !== undefined && <span> · {lesson.teaches}</span>}
              </li>
            ))}
          </ol>
          {link?.kind === 'ok' && (
            <p>
              <a href={link.fragment}>A link to this pack</a> (copy it to hand the course out: it carries no solutions)
            </p>
          )}
          <button type="button" onClick={() => (close(), setText(null), setSaid(''))}>
            Close the pack
          </button>
        </div>
      )}
      <p role="status" className="muted">
        {said}
      </p>
    </section>
  );
}
