// Shared set-up for every unit and component test.
// - jest-dom matchers (toBeInTheDocument, ...); harmless in node tests.
// - Component tests (a `@vitest-environment jsdom` line): what a test rendered is unmounted after it.
//   Vitest runs without globals, so Testing Library cannot register this cleanup itself.
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});
