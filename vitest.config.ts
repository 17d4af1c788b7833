import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit and component tests only; e2e/ belongs to Playwright.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'cli/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./src/test-setup.ts'],
    testTimeout: 20_000,
  },
});
