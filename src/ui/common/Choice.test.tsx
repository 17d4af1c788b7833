// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Choice, MAX_SUGGESTIONS, suggestionsFor } from './Choice';

const USERS = Array.from({ length: 2400 }, (_, i) => `user-${i}`);
const suggested = (container: HTMLElement) =>
  [...container.querySelectorAll('datalist option')].map((o) => o.getAttribute('value'));

describe('Choice among thousands of names', () => {
  it('suggests names that start with what is typed first, then names that contain it, a few at a time', () => {
    expect(suggestionsFor(['bob-2', 'alice', 'bob', 'al'], 'b')).toEqual(['bob-2', 'bob']);
    expect(suggestionsFor(['xal', 'alice', 'al'], 'al')).toEqual(['alice', 'al', 'xal']);
    expect(suggestionsFor(USERS, '')).toHaveLength(MAX_SUGGESTIONS);
  });

  it('draws only the suggestions, not an option per name, and follows what is typed', async () => {
    const onChoose = vi.fn();
    const { container } = render(<Choice values={USERS} value="user-1" onChoose={onChoose} />);
    expect(suggested(container).length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
    expect(suggested(container)[0]).toBe('user-1');
    const box = screen.getByRole('combobox');
    await userEvent.clear(box);
    await userEvent.type(box, 'user-239');
    expect(suggested(container)).toEqual(['user-239', ...Array.from({ length: 10 }, (_, i) => `user-239${i}`)]);
    expect(onChoose).toHaveBeenLastCalledWith('user-239');
  });
});
