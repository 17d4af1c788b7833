/**
 * npm run course:gallery: write the gallery's course pack, fixtures/courses/gallery.course.json, from the
 * lesson catalogue, the course order and the lessons' scenario and exercises files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { GALLERY_PACK_PATH, galleryPack, packText } from '../src/core/courses/galleryPack';
import { lessonScenarioPath } from '../cli/tasks';

const text = packText(
  galleryPack({
    scenario: (lesson) => readFileSync(lessonScenarioPath(lesson.id)!, 'utf8'),
    exercises: (lesson) => readFileSync(`fixtures/exercises/${lesson.id}.json`, 'utf8'),
  }),
);
writeFileSync(GALLERY_PACK_PATH, text);
process.stdout.write(`${GALLERY_PACK_PATH}: ${text.length.toLocaleString('en')} characters\n`);
