// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { RichText } from './RichText';

describe('RichText', () => {
  it('shows backticked runs as code, with no backticks left, and markup as text', () => {
    const { container } = render(
      <p>
        <RichText text="Add an `expect` assertion, not `<b>bold</b>`." />
      </p>,
    );
    expect(container.textContent).toBe('Add an expect assertion, not <b>bold</b>.');
    expect([...container.querySelectorAll('code')].map((c) => c.textContent)).toEqual(['expect', '<b>bold</b>']);
    expect(container.querySelector('b')).toBeNull();
  });
});
