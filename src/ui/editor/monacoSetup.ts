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
import { StandaloneServices } from 'monaco-editor/editor/standalone/browser/standaloneServices';
import { IConfigurationService } from 'monaco-editor/platform/configuration/common/configuration';

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

/**
 * Whether Monaco keeps the undo history of a model it closes, to restore it when a model with the same
 * name and text opens again. To know the text is the same it hashes the whole of it when the model
 * closes and again when the next one opens: for a 3.3 MB scenario, 63 ms on a lesson switch back to it
 * (bench:paste profile). Off while the editor holds a text too large for its whole-document features
 * (lightEditor.ts): such a text's undo history ends with its lesson, as its text does not. Called once
 * an editor exists, so Monaco's services are already up.
 */
export function keepClosedUndo(keep: boolean): void {
  try {
    const config = StandaloneServices.get<{ updateValue(key: string, value: unknown): Promise<void> }>(
      IConfigurationService,
    );
    void config.updateValue('files.restoreUndoStack', keep);
  } catch (error) {
    // Only a cost is at stake: Monaco then hashes a large text when it closes, as it always did.
    console.warn('Monaco’s undo setting could not be changed', error);
  }
}
