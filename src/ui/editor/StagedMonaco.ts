/**
 * The editor, its library loaded in stages (stages.ts), from the bottom of its module graph up: the text
 * model and the common layer, the browser widgets, the services, the editor widget, its API, its editing
 * features, the JSON language with the project's schemas, and last the React view. Each stage evaluates
 * only the modules the ones before did not reach, and is a chunk of its own (or a few).
 */
import { inStages, nextTask } from './stages';

/** The editor component, once every stage has loaded. */
export async function loadEditor() {
  await inStages(
    [
      () => import('monaco-editor/editor/common/model/textModel'),
      () => import('monaco-editor/base/browser/ui/scrollbar/scrollableElement'),
      () => import('monaco-editor/editor/standalone/browser/standaloneServices'),
      () => import('monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget'),
      () => import('monaco-editor/editor'),
      () => import('monaco-editor/features/register.all'),
      () => import('./monacoSetup'),
    ],
    nextTask,
  );
  return import('./MonacoEditor');
}
