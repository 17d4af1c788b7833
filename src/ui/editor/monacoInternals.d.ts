// Two of Monaco's own modules that its public API does not expose (monacoSetup.ts, keepClosedUndo).
declare module 'monaco-editor/editor/standalone/browser/standaloneServices' {
  export const StandaloneServices: { get<T>(id: unknown): T };
}
declare module 'monaco-editor/platform/configuration/common/configuration' {
  export const IConfigurationService: unknown;
}
