import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/site.mjs';

// Playwright cannot download its own browser here: use Debian's Chromium (apt-get install chromium).
const chromium = chromiumPath();

// E2E_PORT lets two runs share a machine; CI uses the default.
const PORT = Number(process.env.E2E_PORT ?? 4319);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  // CI shares its machine: one retry there, and the closing line's notes name every test that needed it
  // (scripts/sum-reports.mjs), so a flaky test is seen and mended, not hidden. Locally a failure is final.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    // The built site registers a service worker for offline use. Each test gets a fresh browser context,
    // but a worker in it would still answer the page's requests from its cache and download the whole site
    // beside the test: only e2e/offline.spec.ts, which is about it, allows one.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: [...CHROMIUM_ARGS],
    },
  },
  webServer: {
    command: `npx vite build && npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
