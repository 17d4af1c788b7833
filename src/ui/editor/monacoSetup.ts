/**
 * Monaco from npm, never a CDN: the editor core, its editing features and the JSON language only,
 * with workers bundled by Vite. Loaded lazily with the editor, so the page opens without it.
 */
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from './guardedJson.worker?worker';
import { LIGHT_LANGUAGE } from './lightEditor';
import { memtoolJsonSchema, routerJsonSchema, scenarioJsonSchema } from '../../core/scenario/jsonSchema';
import { courseJsonSchema } from '../../core/courses/jsonSchema';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

// A degraded text's language (lightEditor.ts): no tokenizer and, unlike Monaco's plaintext, no bracket pairs,
// so a 3 MB or 100,000-deep text costs Monaco no bracket tree on the main thread.
monaco.languages.register({ id: LIGHT_LANGUAGE });

jsonDefaults.setDiagnosticsOptions({
  validate: true,
  allowComments: false,
  trailingCommas: 'error',
  // The parser rejects what the schema rejects, so the editor should say so as an error, not a warning.
  schemaValidation: 'error',
  schemaRequest: 'ignore',
  // The schema is given inline; the language service must never fetch one.
  enableSchemaRequest: false,
  // Each editor names its file (MonacoEditor's path), and the name picks the format: the store's
  // scenario, or a router or memtool lesson's.
  schemas: [
    { uri: 'inmemory://schemas/scenario.schema.json', fileMatch: ['scenario.json'], schema: scenarioJsonSchema() },
    { uri: 'inmemory://schemas/router.schema.json', fileMatch: ['router-lesson.json'], schema: routerJsonSchema() },
    { uri: 'inmemory://schemas/memtool.schema.json', fileMatch: ['memtool-lesson.json'], schema: memtoolJsonSchema() },
    { uri: 'inmemory://schemas/course.schema.json', fileMatch: ['*.course.json'], schema: courseJsonSchema() },
  ],
});

export { monaco };
