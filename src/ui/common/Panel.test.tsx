// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Panel } from './Panel';

function Broken(): never {
  throw new Error('no such item');
}

describe('Panel', () => {
  it('is a region named by its title', () => {
    render(<Panel title="Store">content</Panel>);
    expect(screen.getByRole('region', { name: 'Store' })).toHaveTextContent('content');
  });

  it('shows a bug in its own content as a message there, and leaves the rest of the page', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <>
        <Panel title="Store">
          <Broken />
        </Panel>
        <Panel title="Timeline">still here</Panel>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The Store panel hit a bug and cannot show this step: no such item.',
    );
    expect(screen.getByRole('region', { name: 'Timeline' })).toHaveTextContent('still here');
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});
