/**
 * The course pack format as JSON Schema (draft 7), generated from the zod schema so an editor's
 * completion and diagnoses never drift from the parser: Monaco takes it for any `*.course.json`, and
 * `npm run course:gallery` writes it to fixtures/courses/course.schema.json for a teacher's own editor
 * (a pack names it in its `$schema`).
 */
import * as z from '../zod';
import { coursePackSchema } from './pack';

export const COURSE_SCHEMA_PATH = 'fixtures/courses/course.schema.json';

export function courseJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(coursePackSchema, { target: 'draft-7', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  schema.title = 'Scope isolation course pack';
  schema.description =
    'Several lessons in order, each with its scenario, framing words, exercises and reference solution. Prove it with npm run --silent replay -- --check --course FILE.';
  return schema;
}
