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
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "worker-src 'self'",
    // Nothing leaves the origin. A planned local-model feature will need its loopback server here
    // (e.g. http://127.0.0.1:11434 and http://[::1]:11434), named exactly, never a wildcard or a remote host.
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
