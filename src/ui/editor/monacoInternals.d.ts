// Monaco's own modules that its public API does not expose: two it reads (monacoSetup.ts, keepClosedUndo),
// and the layers of its module graph that StagedMonaco.ts loads one stage at a time.
declare module 'monaco-editor/editor/standalone/browser/standaloneServices' {
  export const StandaloneServices: { get<T>(id: unknown): T };
}
declare module 'monaco-editor/platform/configuration/common/configuration' {
  export const IConfigurationService: unknown;
}
declare module 'monaco-editor/editor/common/model/textModel';
declare module 'monaco-editor/base/browser/ui/scrollbar/scrollableElement';
declare module 'monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget';
