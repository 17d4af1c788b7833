// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorPanel } from './EditorPanel';
import { TextareaEditor } from './TextareaEditor';
import { renderWithStore } from '../common/testing';
import { memoryTextStorage } from '../../state/storage';
import { SEED_TEXT } from '../../state/seedData';

const editor = () => screen.getByRole('textbox', { name: 'Scenario JSON' }) as HTMLTextAreaElement;

describe('undoing a reset', () => {
  it('offers the discarded edit back, and restores it with one click', async () => {
    const user = userEvent.setup();
    const storage = memoryTextStorage();
    renderWithStore(<EditorPanel Editor={TextareaEditor} />, storage);
    const edited = SEED_TEXT.replace('Bob prefers short answers.', 'Bob prefers long answers.');
    fireEvent.change(editor(), { target: { value: edited } });
    await user.click(screen.getByRole('button', { name: 'Reset to the seed scenario' }));
    expect(editor()).toHaveValue(SEED_TEXT);
    expect(screen.getByText(/your edit was set aside/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo the reset' }));
    expect(editor()).toHaveValue(edited);
    expect(storage.saved).toBe(edited);
    expect(screen.queryByRole('button', { name: 'Undo the reset' })).not.toBeInTheDocument();
  });

  it('offers nothing when the text was the seed already', async () => {
    const user = userEvent.setup();
    renderWithStore(<EditorPanel Editor={TextareaEditor} />);
    await user.click(screen.getByRole('button', { name: 'Reset to the seed scenario' }));
    expect(screen.queryByRole('button', { name: 'Undo the reset' })).not.toBeInTheDocument();
  });
});
