import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The built page may load nothing from any host but its own. A Content-Security-Policy makes that a
 * rule the browser enforces, not only a habit. Build only: the dev server injects inline scripts.
 * Scripts come only from the site's own files: no inline script, no eval (zod runs jitless, see
 * src/zodConfig.ts). Styles stay 'unsafe-inline' because Monaco sets inline styles on its DOM.
 * e2e/csp-policy.spec.ts reads this policy from the built page and shows the browser enforcing it.
 */
function contentSecurityPolicy(): Plugin {
  const policy = [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets the page compile WebAssembly (PGlite, in the database view) under this
    // policy; without it WebAssembly.instantiate is refused. It allows no eval() or new Function():
    // 'unsafe-eval' stays out.
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "worker-src 'self'",
    // Nothing leaves the origin but a learner's own model server on this computer ("Ask your own
    // model"): loopback only, any port, since the learner chooses it. A remote host is refused. The
    // panel checks an address against the same list before sending: MODEL_CONNECT_SOURCES in
    // src/ui/model/modelAddress.ts, which e2e/csp-policy.spec.ts holds this policy to. A source cannot
    // name [::1]: Chromium ignores "http://[::1]:*" as invalid.
    "connect-src 'self' http://127.0.0.1:* http://localhost:*",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join('; ');
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' },
    ],
  };
}

/**
 * The modules the entry imports statically (its first paint), gathered once the module graph is
 * known. The bundler would otherwise cut them into many small chunks shared with lazy views, each
 * fetched and gzipped on its own; one chunk compresses better (measured with `npm run size`).
 */
function firstPaintModules(): { plugin: Plugin; has: (id: string) => boolean } {
  const eager = new Set<string>();
  const plugin: Plugin = {
    name: 'first-paint-modules',
    apply: 'build',
    buildEnd() {
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const queue = [...entries];
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (eager.has(id)) continue;
        eager.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, has: (id) => eager.has(id) && !LAZY_ONLY.test(id) };
}

/**
 * Modules the entry reaches only through a library's index, used by lazy views alone: zod's JSON Schema
 * generator (zod/mini's index re-exports it; only the editor's schema, src/core/scenario/jsonSchema.ts,
 * calls it). In the first-paint group they would cost 20 KB before paint for nothing.
 */
const LAZY_ONLY =
  /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema|json-schema-generator)\.js$/;
const firstPaint = firstPaintModules();

// base './' so the built dist/ works from any static server and under a sub-path.
export default defineConfig({
  base: './',
  plugins: [react(), contentSecurityPolicy(), firstPaint.plugin],
  worker: { format: 'es' },
  // PGlite finds its .wasm and .data files next to its own module (new URL(..., import.meta.url)); the
  // dev server's dependency pre-bundling would move the module away from them.
  optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  build: {
    target: 'es2022',
    // Monaco's lazy chunk is about 4 MB by itself; the entry chunk is what must stay small.
    chunkSizeWarningLimit: 4500,
    // eval: PGlite's Emscripten glue has a direct eval() for a side module's EM_ASM code. It never runs
    // here (the page loads no side module), and the CSP would refuse it if it did.
    // codeSplitting: every module the entry imports statically goes in one chunk (firstPaintModules).
    // That also keeps src/zodConfig.ts running before any schema is defined: zod, then zodConfig (the
    // entry's first import), then the rest run in source order inside that one chunk, and lazy chunks
    // run only after it. strictExecutionOrder, which guaranteed this while zod sat in a shared chunk,
    // wraps every module in an init function: turned off it saves 5 KB gzipped before first paint.
    // e2e/csp-policy.spec.ts fails if a schema is ever defined before zodConfig (zod's eval probe).
    rolldownOptions: {
      checks: { bundlerTimings: false, eval: false },
      output: {
        strictExecutionOrder: false,
        codeSplitting: { groups: [{ name: 'main', test: (id) => firstPaint.has(id) }] },
      },
    },
  },
});
