/**
 * Ask the workbench to bring a pane into view (a dock tab, the editor, the timeline), from a view that
 * does not know the layout: a check's "show in the editor", a step link. The workbench listens; a page
 * without one ignores it. Section fragments ("#rules") do the same.
 */
const EVENT = 'workbench-open';

export function openPane(id: string) {
  window.dispatchEvent(new CustomEvent<string>(EVENT, { detail: id }));
}

export function onOpenPane(listener: (id: string) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<string>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
