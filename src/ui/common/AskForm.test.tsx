// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_EDITABLE_QUESTION_CHARS } from '../../core/limits';
import { AskForm } from './AskForm';

const props = { label: 'Question', custom: false, resetLabel: 'Back to the step’s question' };

describe('AskForm', () => {
  it('puts a question up to the limit in the field to edit', () => {
    const value = 'q'.repeat(MAX_EDITABLE_QUESTION_CHARS);
    render(<AskForm {...props} value={value} ask={vi.fn()} />);
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveValue(value);
    expect(screen.queryByText(/more than the/)).toBeNull();
  });

  it('leaves a longer question out of the field, says why, and asks nothing until one is typed', async () => {
    const ask = vi.fn();
    render(<AskForm {...props} value={'q'.repeat(MAX_EDITABLE_QUESTION_CHARS + 1)} ask={ask} />);
    const field = screen.getByRole('textbox', { name: 'Question' });
    expect(field).toHaveValue('');
    expect(field).toHaveAccessibleDescription(
      'This question is 10,001 characters, more than the 10,000 this field shows: the request shows it cut short. Type one to ask instead.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(ask).not.toHaveBeenCalled();
    await userEvent.type(field, 'Who owns the export job?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(ask).toHaveBeenCalledWith('Who owns the export job?');
  });
});
