// @vitest-environment jsdom
/** The shared set-up (src/test-setup.ts) unmounts what one component test rendered before the next. */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';

describe('component test set-up', () => {
  it('renders a button', () => {
    render(<button type="button">Left behind?</button>);
    expect(screen.getByRole('button', { name: 'Left behind?' })).toBeInTheDocument();
  });

  it('starts the next test on an empty page', () => {
    expect(screen.queryByRole('button', { name: 'Left behind?' })).toBeNull();
    expect(document.body.childElementCount).toBe(0);
  });
});
