/**
 * The gallery as a course pack: every lesson of the catalogue in course order (lessons/course.ts), its
 * framing words, its scenario and its exercises file. `npm run course:gallery` writes it to
 * fixtures/courses/gallery.course.json; a test fails when that file is stale.
 */
import { type Lesson, lessonById } from '../lessons/catalogue';
import { COURSE } from '../lessons/course';
import { parseLessonExercises } from '../exercises/lessonExercises';
import { COURSE_FORMAT, type CoursePack, type PackLesson } from './pack';

export const GALLERY_PACK_PATH = 'fixtures/courses/gallery.course.json';

export interface GalleryTexts {
  /** A lesson's scenario text. */
  scenario(lesson: Lesson): string;
  /** A lesson's exercises file (fixtures/exercises/<id>.json). */
  exercises(lesson: Lesson): string;
}

/**
 * The engines a pack carries: those whose lessons replay from their text alone. The vector lesson runs
 * on its shipped database (fixtures/vector/), which a pack cannot carry; it stays in the gallery's course.
 */
const PACKED = new Set(['store', 'router', 'memtool']);

/** The course's lessons a pack carries, in the course's order. */
export const packedCourse = () => COURSE.filter((step) => PACKED.has(lessonById(step.id)!.engine));

/** The gallery's pack; throws for a lesson whose files do not parse (a build mistake the core's tests catch). */
export function galleryPack(texts: GalleryTexts): CoursePack {
  const lessons = packedCourse().map((step): PackLesson => {
    const lesson = lessonById(step.id)!;
    const parsed = parseLessonExercises(lesson.engine, texts.exercises(lesson));
    if (parsed.kind === 'invalid')
      throw new Error(`${lesson.id}: ${parsed.problems[0]?.message ?? 'invalid exercises'}`);
    const entry: PackLesson = {
      id: lesson.id,
      title: lesson.title,
      engine: lesson.engine,
      level: step.level,
      teaches: step.teaches,
      buildsOn: [...step.buildsOn].filter((id) => PACKED.has(lessonById(id)!.engine)),
      minutes: step.minutes,
      rule: lesson.rule,
      incident: lesson.incident,
      tryThis: lesson.tryThis,
      scenario: JSON.parse(texts.scenario(lesson)) as object,
      exercises: parsed.scenario.exercises,
    };
    if (parsed.scenario.solution !== undefined) entry.solution = parsed.scenario.solution;
    return entry;
  });
  return {
    $schema: './course.schema.json',
    format: COURSE_FORMAT,
    version: 1,
    id: 'gallery',
    title: 'Scope isolation: the gallery',
    about:
      "The playground's own lessons, from Alice and Bob to the memory tools and the memory router. The vector lesson (vector-filter-after-scan) follows the router in the gallery: it runs on a database, which a pack cannot carry.",
    lessons,
  };
}

/** The pack as the file holds it: two-space indented JSON and a final newline. */
export const packText = (pack: CoursePack): string => `${JSON.stringify(pack, null, 2)}\n`;
