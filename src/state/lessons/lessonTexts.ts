/**
 * The lessons' scenario texts. Each lesson file is its own small chunk, fetched when the lesson opens,
 * so the gallery costs the entry chunk nothing; the seed's scenario is bundled already.
 */
import { DEFAULT_LESSON, type Lesson } from '../../core/lessons/catalogue';
import { SEED_TEXT } from '../seedData';

const FILES = import.meta.glob<string>('../../../fixtures/lessons/*.json', { query: '?raw', import: 'default' });

/** The scenario text a lesson starts from. Throws for a catalogue entry without a file (a build mistake). */
export async function lessonText(lesson: Lesson): Promise<string> {
  if (lesson.id === DEFAULT_LESSON) return SEED_TEXT;
  const load = FILES[`../../../fixtures/lessons/${lesson.file}`];
  if (load === undefined)
    throw new Error(`the lesson ${lesson.id} names ${lesson.file}, which is not under fixtures/lessons/`);
  return load();
}
