/**
 * Monaco's JSON worker, with one guard in front of its language service: a document too deep or too big
 * for it (core/scenario/editorLoad.ts) is treated as absent, so every request answers empty instead of
 * recursing. The service's parser overflowed its stack at 10,000 levels, and it is asked to validate,
 * outline and fold a pasted text before the editor can switch the model to plain text.
 */
// @ts-expect-error -- Monaco ships these worker modules without type declarations.
import { initialize } from 'monaco-editor/internal/common/initialize';
// @ts-expect-error -- as above.
import { JSONWorker } from 'monaco-editor/languages/features/json/jsonWorker';
import { editorLoad } from '../../core/scenario/editorLoad';

interface TextDocument {
  getText(): string;
}

class GuardedJsonWorker extends (JSONWorker as new (ctx: unknown, data: unknown) => object) {
  _getTextDocument(uri: string): TextDocument | null {
    const document = (JSONWorker.prototype._getTextDocument as (uri: string) => TextDocument | null).call(this, uri);
    // No document is how the service says "no such model": every request then answers empty.
    return document != null && editorLoad(document.getText()).kind === 'json' ? document : null;
  }
}

self.onmessage = () => {
  (initialize as (create: (ctx: unknown, data: unknown) => object) => void)(
    (ctx, data) => new GuardedJsonWorker(ctx, data),
  );
};
