/**
 * The scenario editor's handle, shared with views outside the editor panel, so a check failure can put
 * the cursor on its place in the text.
 */
import { createContext, type ReactNode, type RefObject, useContext, useRef } from 'react';
import type { EditorHandle } from '../editor/types';

const EditorLink = createContext<RefObject<EditorHandle | null> | null>(null);

export function EditorLinkProvider({ children }: { children: ReactNode }) {
  const handle = useRef<EditorHandle | null>(null);
  return <EditorLink.Provider value={handle}>{children}</EditorLink.Provider>;
}

/** The shared handle, or null outside a provider (the editor panel then keeps its own). */
export function useEditorLink(): RefObject<EditorHandle | null> | null {
  return useContext(EditorLink);
}

/** Scroll to the editor and put the cursor at a line and column. */
export function revealInEditor(handle: RefObject<EditorHandle | null> | null, line: number, column: number) {
  document.getElementById('editor')?.scrollIntoView?.({ block: 'start' });
  handle?.current?.reveal(line, column);
}
