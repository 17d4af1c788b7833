/**
 * The import graph of a set of TypeScript files, and its cycles. Pure: it reads the sources it is
 * given, so the check that the core has no circle (src/core/imports.test.ts) and its own tests share it.
 */

/** Every module a source names: static imports and re-exports (type-only ones too), and import(). */
export function importedSpecifiers(source: string): string[] {
  const out: string[] = [];
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const match of code.matchAll(/(?:^|[;}\s])(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g))
    out.push(match[1]!);
  for (const match of code.matchAll(/(?:^|[;\s])import\s*['"]([^'"]+)['"]/g)) out.push(match[1]!);
  for (const match of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(match[1]!);
  return out;
}

/** `specifier` imported by the file at `from`, as one of `files` (x.ts, x.tsx, x/index.ts), or null. */
export function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  const base = parts.join('/');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((path) => files.has(path)) ?? null;
}

/** The files each file imports, among `sources` (path to text; paths use '/'). */
export function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const files = new Set(sources.keys());
  const graph = new Map<string, string[]>();
  for (const [path, source] of sources) {
    const targets = importedSpecifiers(source).flatMap((s) => resolveImport(path, s, files) ?? []);
    graph.set(path, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The graph's cycles, one per strongly connected component of more than one file (or a file that imports
 * itself): its files in import order, starting from the first in sort order, e.g. [a, b, c] for a → b → c → a.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iteratively so that a long chain does not overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const root of [...graph.keys()].sort()) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      for (let member = stack.pop()!; ; member = stack.pop()!) {
        onStack.delete(member);
        component.push(member);
        if (member === frame.node) break;
      }
      const selfLoop = (graph.get(frame.node) ?? []).includes(frame.node);
      if (component.length > 1 || selfLoop) components.push(component);
    }
  }
  return components
    .map((component) => cycleThrough(graph, new Set(component)))
    .sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/** One cycle through the component's first file (in sort order), by a shortest path back to it. */
function cycleThrough(graph: ReadonlyMap<string, readonly string[]>, component: ReadonlySet<string>): string[] {
  const start = [...component].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const to of graph.get(node) ?? []) {
      if (!component.has(to)) continue;
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return path;
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}
