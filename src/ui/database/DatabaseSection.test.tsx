// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

// The view itself (PGlite) is not under test: a remount must keep it open, whatever it draws.
vi.mock('./DatabaseView', () => ({ default: () => <p>the database view</p> }));

describe('the database section', () => {
  it('stays open when its pane is remounted, as a change of layout does', async () => {
    const { DatabaseSection } = await import('./DatabaseSection');
    const first = render(<DatabaseSection />);
    await userEvent.click(screen.getByRole('button', { name: 'Open the database view' }));
    expect(await screen.findByText('the database view')).toBeInTheDocument();
    first.unmount();
    render(<DatabaseSection />);
    expect(await screen.findByText('the database view')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open the database view' })).not.toBeInTheDocument();
  });
});
