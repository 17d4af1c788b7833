// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorPanel } from './EditorPanel';
import { TextareaEditor } from './TextareaEditor';
import { renderWithStore } from '../common/testing';
import { memoryTextStorage } from '../../state/storage';
import { SEED_TEXT } from '../../state/seedData';

const editor = () => screen.getByRole('textbox', { name: 'Scenario JSON' }) as HTMLTextAreaElement;
// Typing 5 KB key by key is slow in jsdom; a change event is how the editor reports a whole new text.
const replaceText = (text: string) => fireEvent.change(editor(), { target: { value: text } });

describe('EditorPanel', () => {
  it('lists a located problem for broken JSON and keeps the last good timeline', async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<EditorPanel Editor={TextareaEditor} />);
    const before = store.getState().words;
    replaceText(SEED_TEXT.replace('"op": "close_task",', '"op": "close_task",,'));
    expect(screen.getByRole('status')).toHaveTextContent('Edited: run it to replay the scenario.');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const problems = within(await screen.findByRole('region', { name: /^Problems \([1-9]\d*\)$/ })).getAllByRole(
      'listitem',
    );
    expect(problems[0]).toHaveTextContent(
      'Line 141, column 26 (syntax): JSON syntax: expected a property name in double quotes',
    );
    expect(screen.getByRole('status')).toHaveTextContent('the timeline above still shows the last good run');
    expect(store.getState().words).toBe(before);
    expect(editor()).toHaveAttribute('aria-invalid', 'true');
  });

  it('moves the cursor to a problem when it is clicked', async () => {
    const user = userEvent.setup();
    renderWithStore(<EditorPanel Editor={TextareaEditor} />);
    replaceText('{\n  "agents": [],\n  "configuration": [],\n  "steps": [{"op": "dance"}]\n}');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const link = screen.getByRole('button', { name: /^Line 4, column/ });
    await user.click(link);
    expect(editor()).toHaveFocus();
    expect(editor().value.slice(0, editor().selectionStart).split('\n')).toHaveLength(4);
  });

  it('replays a fixed scenario, runs on Ctrl+Enter and clears the problems', async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<EditorPanel Editor={TextareaEditor} />, memoryTextStorage('{"agents": ['));
    expect(screen.getByRole('region', { name: /^Problems \([1-9]\d*\)$/ })).toBeInTheDocument();
    replaceText(SEED_TEXT.replace('Bob prefers short answers.', 'Bob prefers tables.'));
    editor().focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByRole('region', { name: 'Problems (0)' })).toHaveTextContent(
      'No problems in the last run.',
    );
    expect(store.getState().ranText).toContain('Bob prefers tables.');
  });

  it('resets to the seed scenario and forgets the saved edit', async () => {
    const user = userEvent.setup();
    const storage = memoryTextStorage();
    renderWithStore(<EditorPanel Editor={TextareaEditor} />, storage);
    replaceText('{}');
    expect(storage.saved).toBe('{}');
    await user.click(screen.getByRole('button', { name: 'Reset to the seed scenario' }));
    expect(editor()).toHaveValue(SEED_TEXT);
    expect(storage.saved).toBeUndefined();
  });
});

describe('a step the store rejected (issue 15, item 8)', () => {
  it('is listed in Problems, sorted by line, naming the value, and marked in the editor', async () => {
    const user = userEvent.setup();
    const seen: (readonly { line?: number; message: string }[])[] = [];
    const Spy = (props: Parameters<typeof TextareaEditor>[0]) => {
      seen.push(props.problems);
      return <TextareaEditor {...props} />;
    };
    renderWithStore(<EditorPanel Editor={Spy} />);
    const scenario = JSON.parse(SEED_TEXT);
    scenario.steps.find((s: { op: string }) => s.op === 'handoff').to = 'nobody';
    scenario.steps[2].scope = 'tsak';
    const text = JSON.stringify(scenario, null, 2);
    replaceText(text);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const region = screen.getByRole('region', { name: 'Problems (2)' });
    const items = within(region).getAllByRole('listitem');
    const line = (needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
    expect(items[0]).toHaveTextContent(`Line ${line('"tsak"')}`);
    expect(items[0]).toHaveTextContent('the store rejected step 3 (scope "tsak")');
    expect(items[1]).toHaveTextContent(`Line ${line('"nobody"')}`);
    expect(items[1]).toHaveTextContent('(to "nobody")');
    expect(seen.at(-1)?.map((p) => p.line)).toEqual([line('"tsak"'), line('"nobody"')]);
  });
});
