/**
 * npm run course:gallery: write the gallery's course pack, fixtures/courses/gallery.course.json, from the
 * lesson catalogue, the course order and the lessons' scenario and exercises files; and the packs' JSON
 * Schema, fixtures/courses/course.schema.json, from the zod schema.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { GALLERY_PACK_PATH, galleryPack, packText } from '../src/core/courses/galleryPack';
import { lessonScenarioPath } from '../cli/tasks';
import { COURSE_SCHEMA_PATH, courseJsonSchema } from '../src/core/courses/jsonSchema';

const text = packText(
  galleryPack({
    scenario: (lesson) => readFileSync(lessonScenarioPath(lesson.id)!, 'utf8'),
    exercises: (lesson) => readFileSync(`fixtures/exercises/${lesson.id}.json`, 'utf8'),
  }),
);
writeFileSync(GALLERY_PACK_PATH, text);
process.stdout.write(`${GALLERY_PACK_PATH}: ${text.length.toLocaleString('en')} characters\n`);
writeFileSync(COURSE_SCHEMA_PATH, `${JSON.stringify(courseJsonSchema(), null, 2)}\n`);
process.stdout.write(`${COURSE_SCHEMA_PATH}: written\n`);
