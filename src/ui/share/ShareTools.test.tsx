// @vitest-environment jsdom
import { inPageEngines } from '../../engine/worker/inPage';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { decodeShare } from '../../core/sharing/shareLink';
import { lessonById } from '../../core/lessons/catalogue';
import { SEED_TEXT, seedAnswerBook } from '../../state/seedData';
import { memoryLessonsStorage } from '../../state/lessons/lessonStorage';
import { openSession, type LessonSession } from '../../state/lessons/sessions';
import { ShareTools } from './ShareTools';
import { createLessonsStore } from '../../state/lessons/lessonsStore';
import { LessonsProvider } from '../common/lessonsContext';

async function seedSession(): Promise<LessonSession> {
  const outcome = await openSession(
    lessonById('seed-alice-bob')!,
    { kind: 'own' },
    { storage: memoryLessonsStorage(), answers: seedAnswerBook(), engines: inPageEngines(), lessonText: SEED_TEXT },
  );
  if (outcome.kind !== 'ok') throw new Error(outcome.message);
  return outcome.session;
}

describe('ShareTools', () => {
  it('shows the link in a field to copy by hand when the browser refuses the clipboard, and the link opens the same state', async () => {
    const user = userEvent.setup();
    const session = await seedSession();
    session.store.getState().stepTo(9);
    render(<ShareTools session={session} />);
    // userEvent installs a clipboard of its own; this one refuses, as a page without the permission sees.
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new Error('denied')) },
    });
    await user.click(screen.getByRole('button', { name: 'Share a link' }));
    expect(await screen.findByText(/Copy the link from this field/)).toBeInTheDocument();
    const url = (screen.getByRole('textbox', { name: 'Share link' }) as HTMLInputElement).value;
    const opened = decodeShare(url.slice(url.indexOf('#')));
    expect(opened).toMatchObject({
      kind: 'shared',
      state: {
        lesson: 'seed-alice-bob',
        step: 9,
        scenario: SEED_TEXT,
        principal: { user: 'alice', task: 'task-9', agent: 'planner' },
      },
    });
  });

  it('says when the link leaves out an edit that was not run', async () => {
    const user = userEvent.setup();
    const session = await seedSession();
    session.store.getState().editText(`${SEED_TEXT} `);
    render(<ShareTools session={session} />);
    await user.click(screen.getByRole('button', { name: 'Share a link' }));
    expect(await screen.findByText(/run your edit first to include it/)).toBeInTheDocument();
  });

  it('lists an invalid file’s located problems and leaves the editor untouched', async () => {
    const user = userEvent.setup();
    const session = await seedSession();
    render(<ShareTools session={session} />);
    const file = new File(['{ "agents": [] '], 'broken.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Import a scenario file'), file);
    const problems = await screen.findByRole('list', { name: 'Problems in the imported file' });
    expect(within(problems).getAllByRole('listitem')[0]).toHaveTextContent(/Line 1, column \d+/);
    expect(session.store.getState().text).toBe(SEED_TEXT);
  });

  it('names the lesson whose format a refused file is in', async () => {
    const user = userEvent.setup();
    const session = await seedSession();
    const lessons = createLessonsStore({
      storage: memoryLessonsStorage(),
      answers: seedAnswerBook(),
      engines: inPageEngines(),
      clearFragment() {},
    });
    render(
      <LessonsProvider store={lessons}>
        <ShareTools session={session} />
      </LessonsProvider>,
    );
    const router = readFileSync('fixtures/lessons/router-authorize-before-ranking.json', 'utf8');
    await user.upload(
      screen.getByLabelText('Import a scenario file'),
      new File([router], 'router.json', { type: 'application/json' }),
    );
    expect(
      await screen.findByText(
        'It is a scenario in the format of another lesson: open “Authorize before ranking” and import it there.',
      ),
    ).toBeInTheDocument();
    expect(session.store.getState().text).toBe(SEED_TEXT);
  });

  it('imports a valid file into the editor and runs it', async () => {
    const user = userEvent.setup();
    const session = await seedSession();
    render(<ShareTools session={session} />);
    const edited = SEED_TEXT.replace('Bob prefers short answers.', 'Bob prefers long answers.');
    await user.upload(
      screen.getByLabelText('Import a scenario file'),
      new File([edited], 'mine.json', { type: 'application/json' }),
    );
    expect(await screen.findByText(/Imported mine.json/)).toBeInTheDocument();
    expect(session.store.getState().ranText).toBe(edited);
  });
});

describe('one size limit for import and paste (issue 15, item 6)', () => {
  it('imports a 2.6 MB scenario, as a paste runs it', async () => {
    const user = userEvent.setup();
    const session = await seedSession();
    render(<ShareTools session={session} />);
    const big = JSON.parse(SEED_TEXT);
    big.steps[2].text = 'Bob prefers short answers. '.repeat(48_000);
    big.steps[3].text = 'Alice prefers long answers. '.repeat(48_000);
    const text = JSON.stringify(big, null, 2);
    expect(text.length).toBeGreaterThan(2_600_000);
    await user.upload(screen.getByLabelText('Import a scenario file'), new File([text], 'big.json'));
    expect(await screen.findByText(/Imported big.json/)).toBeInTheDocument();
    expect(session.store.getState().ranText).toBe(text);
  });

  it('refuses past the limit with the same reason paste gives, and says the limit beside the button', async () => {
    const user = userEvent.setup();
    const session = await seedSession();
    render(<ShareTools session={session} />);
    expect(screen.getByLabelText('Import a scenario file')).toHaveAccessibleDescription(
      'Scenarios up to 4,000,000 bytes, imported or pasted.',
    );
    const reason =
      'the scenario is 4,000,001 bytes; scenarios are limited to 4,000,000 bytes (typed, pasted, imported or linked)';
    const junk = 'x'.repeat(4_000_001);
    await user.upload(screen.getByLabelText('Import a scenario file'), new File([junk], 'huge.json'));
    expect(await screen.findByText(`huge.json was not imported: ${reason}.`)).toBeInTheDocument();
    // The same text pasted into the editor and run is refused for the same reason; the text is kept.
    session.store.getState().editText(junk);
    session.store.getState().run();
    expect(session.store.getState().problems).toEqual([{ message: reason, path: '(scenario)', line: 1, column: 1 }]);
    expect(session.store.getState().text).toBe(junk);
  });
});

describe('an imported file with invalid UTF-8 (issue 15, item 11, the page side)', () => {
  it('is refused with the bad byte located, and the editor is unchanged', async () => {
    const user = userEvent.setup();
    const session = await seedSession();
    render(<ShareTools session={session} />);
    const encoder = new TextEncoder();
    const [head, tail] = SEED_TEXT.split('Bob prefers short answers.');
    const bytes = new Uint8Array([
      ...encoder.encode(`${head}Bob prefers `),
      0xff,
      0xfe,
      ...encoder.encode(` answers.${tail}`),
    ]);
    await user.upload(screen.getByLabelText('Import a scenario file'), new File([bytes], 'latin.json'));
    const problems = await screen.findByRole('list', { name: 'Problems in the imported file' });
    const line = `${head}Bob prefers `.split('\n').length;
    expect(within(problems).getAllByRole('listitem')[0]).toHaveTextContent(
      new RegExp(`Line ${line}, column \\d+.*not UTF-8: invalid byte sequence starting with 0xFF`),
    );
    expect(session.store.getState().text).toBe(SEED_TEXT);
  });
});
