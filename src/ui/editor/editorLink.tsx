/**
 * The scenario editor's handle, shared with views outside the editor panel, so a check failure can put
 * the cursor on its place in the text.
 */
import { createContext, type ReactNode, type RefObject, useContext, useRef } from 'react';
import type { EditorHandle } from './types';
import { openPane } from '../common/openPane';

const EditorLink = createContext<RefObject<EditorHandle | null> | null>(null);

export function EditorLinkProvider({ children }: { children: ReactNode }) {
  const handle = useRef<EditorHandle | null>(null);
  return <EditorLink.Provider value={handle}>{children}</EditorLink.Provider>;
}

/** The shared handle, or null outside a provider (the editor panel then keeps its own). */
export function useEditorLink(): RefObject<EditorHandle | null> | null {
  return useContext(EditorLink);
}

/** Frames to wait for the editor to open and load before giving up on placing the cursor (about 5 s). */
const WAIT_FRAMES = 300;

/** Open the editor pane and put the cursor at a line and column, once the editor is there. */
export function revealInEditor(handle: RefObject<EditorHandle | null> | null, line: number, column: number) {
  openPane('editor');
  let frames = 0;
  const tryReveal = () => {
    if (handle?.current) handle.current.reveal(line, column);
    else if (frames++ < WAIT_FRAMES) requestAnimationFrame(tryReveal);
  };
  tryReveal();
}
