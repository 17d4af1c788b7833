import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The built page may load nothing from any host but its own. A Content-Security-Policy makes that a
 * rule the browser enforces, not only a habit. Build only: the dev server injects inline scripts.
 * Styles stay 'unsafe-inline' because Monaco sets inline styles on its DOM.
 */
function contentSecurityPolicy(): Plugin {
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "worker-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join('; ');
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' }],
  };
}

// base './' so the built dist/ works from any static server and under a sub-path.
export default defineConfig({
  base: './',
  plugins: [react(), contentSecurityPolicy()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // Monaco's lazy chunk is about 4 MB by itself; the entry chunk is what must stay small.
    chunkSizeWarningLimit: 4500,
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
});
