import { describe, expect, it } from 'vitest';
import { isStaleBuild } from './staleBuild';

describe('isStaleBuild', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://127.0.0.1:4173/assets/MonacoEditor-DJPqLbfe.js',
    'error loading dynamically imported module: http://x/assets/a.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/editor-Dw8cQLWY.css',
  ])('knows a lazy part the browser could not fetch: %s', (message) => {
    expect(isStaleBuild(new TypeError(message))).toBe(true);
  });

  it('leaves a bug a bug', () => {
    expect(isStaleBuild(new TypeError("Cannot read properties of undefined (reading 'steps')"))).toBe(false);
    expect(isStaleBuild('Failed to fetch dynamically imported module')).toBe(false);
  });
});
