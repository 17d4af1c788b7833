/**
 * The classroom view: a teacher imports learners' progress files and sees learners by tasks (met,
 * hints used). Everything stays in the page: the files are read here and nothing is sent. Each file is
 * bounded in size, parsed with the progress file's schema, and a bad one is listed with its reason.
 */
import { RichText } from '../common/RichText';
import { count } from '../../core/text/plural';
import { useId, useState } from 'react';
import { PageTitle } from '../common/PageTitle';
import { type Classroom as Table, type ClassroomCell, classroomTable } from '../../state/exercises/classroom';
import { MAX_FILE_BYTES, type ProgressFile, readProgressFile } from '../../state/exercises/progressFile';
import './exercises.css';

const MAX_FILES = 200;

type Loaded = { name: string; file: ProgressFile };
type Refused = { name: string; reason: string };

function cellWords(cell: ClassroomCell): string {
  if (cell.kind === 'absent') return 'not in this file';
  const hints = `${count(cell.hintsUsed, 'hint')}`;
  const answer = cell.givenUp ? ', given up (Show me)' : cell.answerShown ? ', answer shown' : '';
  return `${cell.met ? 'met' : 'not yet'}, ${hints}${answer}`;
}

function Grid({ table }: { table: Table }) {
  const lessons: Array<{ id: string; title: string; span: number }> = [];
  // The course packs over their lessons; a lesson of no pack sits under an empty course cell.
  const courses: Array<{ id: string; title: string; span: number }> = [];
  for (const column of table.columns) {
    const lastLesson = lessons.at(-1);
    if (lastLesson?.id === column.lessonId) lastLesson.span++;
    else lessons.push({ id: column.lessonId, title: column.lessonTitle, span: 1 });
    const course = column.course ?? { id: '', title: '' };
    const lastCourse = courses.at(-1);
    if (lastCourse?.id === course.id) lastCourse.span++;
    else courses.push({ ...course, span: 1 });
  }
  const byCourse = courses.some((course) => course.id !== '');
  const rows = byCourse ? 3 : 2;
  return (
    <div className="classroom-scroll">
      <table className="classroom-table">
        <caption>
          {count(table.rows.length, 'learner')} by {count(table.columns.length, 'task')}
        </caption>
        <thead>
          {byCourse && (
            <tr>
              <td rowSpan={rows} />
              <th scope="col" rowSpan={rows}>
                Lessons done
              </th>
              {courses.map((course, i) =>
                course.id === '' ? (
                  <td key={i} colSpan={course.span} />
                ) : (
                  <th key={i} scope="colgroup" colSpan={course.span}>
                    Course: {course.title}
                  </th>
                ),
              )}
            </tr>
          )}
          <tr>
            {!byCourse && (
              <>
                <td rowSpan={rows} />
                <th scope="col" rowSpan={rows}>
                  Lessons done
                </th>
              </>
            )}
            {lessons.map((lesson) => (
              <th key={lesson.id} scope="colgroup" colSpan={lesson.span}>
                {lesson.title}
              </th>
            ))}
          </tr>
          <tr>
            {table.columns.map((column) => (
              <th key={`${column.lessonId}\n${column.taskId}`} scope="col">
                <RichText text={column.task} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              <th scope="row">
                {row.learner}
                <span className="classroom-when"> ({row.exportedAt.slice(0, 16).replace('T', ' ')} UTC)</span>
              </th>
              <td>{row.done}</td>
              {row.cells.map((cell, c) => (
                <td key={c} className={cell.kind === 'task' && cell.met ? 'cell-met' : undefined}>
                  <span aria-hidden="true">{cell.kind === 'absent' ? '– ' : cell.met ? '✓ ' : '○ '}</span>
                  {cellWords(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function Classroom() {
  const inputId = useId();
  const [loaded, setLoaded] = useState<Loaded[]>([]);
  const [refused, setRefused] = useState<Refused[]>([]);

  const importFiles = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    const good: Loaded[] = [];
    const bad: Refused[] = files.slice(MAX_FILES).map((file) => ({
      name: file.name,
      reason: `not read: at most ${MAX_FILES} files at once`,
    }));
    for (const file of files.slice(0, MAX_FILES)) {
      // The size is known before reading: a huge file is refused without being read into memory.
      if (file.size > MAX_FILE_BYTES) {
        bad.push({ name: file.name, reason: `it is larger than ${MAX_FILE_BYTES / 1_000_000} MB` });
        continue;
      }
      const read = readProgressFile(await file.text());
      if (read.kind === 'ok') good.push({ name: file.name, file: read.file });
      else bad.push({ name: file.name, reason: read.reason });
    }
    setLoaded((before) => [...before, ...good]);
    setRefused(bad);
  };

  return (
    <main className="classroom">
      <PageTitle title="Classroom" />
      <p className="lede">
        Import the progress files your learners downloaded from their Tasks panel. The files are read in this page only;
        nothing is sent anywhere.
      </p>
      <div className="classroom-import">
        <label htmlFor={inputId}>Import progress files</label>
        <input
          id={inputId}
          type="file"
          accept=".json,application/json"
          multiple
          onChange={(event) => void importFiles(event.target.files)}
        />
        <button type="button" onClick={() => (setLoaded([]), setRefused([]))} disabled={loaded.length === 0}>
          Clear the table
        </button>
      </div>
      <div role="status">
        {refused.length > 0 && (
          <>
            <p className="verdict-line bad">
              {refused.length} file{refused.length === 1 ? ' was' : 's were'} not read:
            </p>
            <ul className="classroom-refused">
              {refused.map((bad, i) => (
                <li key={i}>
                  <code>{bad.name}</code>: {bad.reason}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {loaded.length === 0 ? (
        <p className="muted">No progress files imported yet.</p>
      ) : (
        <Grid table={classroomTable(loaded)} />
      )}
    </main>
  );
}
