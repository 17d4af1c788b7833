import { readFileSync } from 'node:fs';
import { inPageEngines } from '../../engine/worker/inPage';
import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LESSON, LESSONS } from '../../core/lessons/catalogue';
import { encodeShare, MAX_LINK_CHARS, type ShareState } from '../../core/sharing/shareLink';
import { SEED_TEXT, seedAnswerBook } from '../seedData';
import { MAX_SCENARIO_BYTES } from '../../core/scenario/limits';
import { createLessonsStore } from './lessonsStore';
import { isSectionLink } from './route';
import { lessonKey, memoryLessonsStorage } from './lessonStorage';
import { shareStateOf } from './shareLogic';

/** Blanks that make a text large (200 KB) without changing what it says. */
const LARGE_TEXT = 200_000;

const book = seedAnswerBook();

function make(storage = memoryLessonsStorage()) {
  const clearFragment = vi.fn();
  const store = createLessonsStore({ storage, answers: book, engines: inPageEngines(), clearFragment });
  return { store, storage, clearFragment };
}

function session(store: ReturnType<typeof make>['store']) {
  const current = store.getState().session;
  if (current === null) throw new Error('no session open');
  return current;
}

const link = (state: ShareState) => {
  const encoded = encodeShare(state);
  if (encoded.kind !== 'ok') throw new Error('too long');
  return encoded.fragment;
};

describe('the lessons shell', () => {
  it("opens the seed's Alice/Bob lesson by default, its checks green once opened (green is not done)", async () => {
    const { store, storage } = make();
    await store.getState().start('');
    const current = session(store);
    expect(current.lesson.id).toBe(DEFAULT_LESSON);
    expect(current.engine === 'store' && current.store.getState().text).toBe(SEED_TEXT);
    expect(store.getState().statuses[DEFAULT_LESSON]).toMatchObject({ kind: 'green' });
    expect(storage.loadVisited()).toEqual([DEFAULT_LESSON]);
  });

  it('keeps each lesson’s edits when switching lessons, in the page and in storage', async () => {
    const { store, storage } = make();
    await store.getState().start('');
    const seed = session(store);
    seed.store.getState().editText(`${SEED_TEXT} `);
    await store.getState().openLesson('router-authorize-before-ranking');
    const router = session(store);
    expect(router.engine).toBe('router');
    router.store.getState().editText(router.store.getState().text.replace('cedar lantern', 'cedar'));
    await store.getState().openLesson(DEFAULT_LESSON);
    expect(session(store)).toBe(seed);
    expect(seed.store.getState().text).toBe(`${SEED_TEXT} `);
    expect(storage.texts.get('router-authorize-before-ranking')).toContain('"query": "cedar"');
    expect(storage.loadChoice()).toBe(DEFAULT_LESSON);

    // A new page finds the saved lesson choice and edits.
    const again = make(storage);
    await again.store.getState().openLesson('router-authorize-before-ranking');
    expect(session(again.store).store.getState().text).toContain('"query": "cedar"');
  });

  it('marks a lesson red when the learner’s edit breaks one of its checks, and green again when mended', async () => {
    const { store } = make();
    await store.getState().start('');
    await store.getState().openLesson('memtool-session-scope');
    const memtool = session(store);
    const original = memtool.store.getState().text;
    memtool.store
      .getState()
      .loadScenario(
        original.replace('"safe": "No such memory.", "naive": "You may', '"safe": "Not yours.", "naive": "You may'),
      );
    // The run answers from the lesson's engine, as a worker's would: after the request's task.
    await memtool.store.getState().settled();
    expect(store.getState().statuses['memtool-session-scope']).toMatchObject({ kind: 'red', red: 1 });
    memtool.store.getState().loadScenario(original);
    await memtool.store.getState().settled();
    expect(store.getState().statuses['memtool-session-scope']).toMatchObject({ kind: 'green' });
  });

  it('gives the gallery a mark for lessons opened in an earlier page, from their saved text', async () => {
    const storage = memoryLessonsStorage();
    storage.saveVisited([DEFAULT_LESSON, 'router-authorize-before-ranking']);
    storage.lesson('router-authorize-before-ranking').save('{ broken');
    const { store } = make(storage);
    await store.getState().start('');
    await store.getState().refreshStatuses();
    expect(store.getState().statuses['router-authorize-before-ranking']).toEqual({ kind: 'invalid', problems: 1 });
    expect(store.getState().statuses['attacks']).toEqual({ kind: 'unopened' });
  });

  it('marks a lesson from a large saved text too, and one past the size limit as invalid', async () => {
    const storage = memoryLessonsStorage();
    storage.saveVisited([DEFAULT_LESSON, 'attacks', 'mem0-metadata-user-id']);
    storage
      .lesson('attacks')
      .save(`${readFileSync('fixtures/lessons/attacks.scenario.json', 'utf8')}${' '.repeat(LARGE_TEXT)}`);
    // A valid scenario, made too long by blanks: refused by its size alone, as a Run refuses it.
    const mem0 = readFileSync('fixtures/lessons/mem0-metadata-user-id.scenario.json', 'utf8');
    storage.lesson('mem0-metadata-user-id').save(`${mem0}${' '.repeat(MAX_SCENARIO_BYTES)}`);
    const { store } = make(storage);
    await store.getState().start('');
    await store.getState().refreshStatuses();
    expect(store.getState().statuses['attacks']).toMatchObject({ kind: 'green' });
    expect(store.getState().statuses['mem0-metadata-user-id']).toEqual({ kind: 'invalid', problems: 1 });
  });
});

describe('the clean-start address', () => {
  it('starts from the seed without reading or writing saved work until the learner edits', async () => {
    const storage = memoryLessonsStorage();
    storage.lesson(DEFAULT_LESSON).save('{ "my": "work" }');
    storage.saveChoice('attacks');
    const { store } = make(storage);
    await store.getState().start('#clean');
    const current = session(store);
    expect(current.lesson.id).toBe(DEFAULT_LESSON);
    expect(current.store.getState().text).toBe(SEED_TEXT);
    expect(store.getState().banner).toEqual({ kind: 'clean' });
    await store.getState().openLesson('attacks');
    expect(storage.loadChoice()).toBe('attacks');
    await store.getState().openLesson(DEFAULT_LESSON);
    expect(storage.texts.get(DEFAULT_LESSON)).toBe('{ "my": "work" }');
    current.store.getState().editText(`${SEED_TEXT}\n`);
    expect(storage.texts.get(DEFAULT_LESSON)).toBe(`${SEED_TEXT}\n`);
    // The edit replaced saved work: it is kept aside, and the banner offers it back.
    expect(storage.keptTexts.get(DEFAULT_LESSON)).toBe('{ "my": "work" }');
    expect(store.getState().banner).toMatchObject({ kind: 'kept' });
  });
});

describe('share links', () => {
  it('round-trip the lesson, scenario, step, principal, question and switches into a fresh page', async () => {
    const first = make();
    await first.store.getState().start('');
    await first.store.getState().openLesson('mem0-metadata-user-id');
    const from = session(first.store);
    if (from.engine !== 'store') throw new Error('a store lesson');
    from.store.getState().setRulesOff(['keysFromPrincipal']);
    from.store.getState().stepTo(3);
    from.store.getState().selectPrincipal({ agent: 'planner' });
    from.store.getState().askQuestion('Who am I?');
    const state = shareStateOf(from);

    const storage = memoryLessonsStorage();
    storage.lesson('mem0-metadata-user-id').save('{ "mine": true }');
    const second = make(storage);
    await second.store.getState().start(link(state));
    const to = session(second.store);
    expect(to.lesson.id).toBe('mem0-metadata-user-id');
    expect([storage.loadChoice(), storage.loadVisited(), [...storage.texts.keys()]]).toEqual([
      null,
      [],
      ['mem0-metadata-user-id'],
    ]);
    expect(shareStateOf(to)).toEqual(state);
    expect(second.store.getState().banner).toEqual({ kind: 'shared', lesson: to.lesson.title });
    expect(storage.texts.get('mem0-metadata-user-id')).toBe('{ "mine": true }');

    // The first edit makes it the learner's own work, and the link leaves the address.
    to.store.getState().editText(`${state.scenario} `);
    expect(storage.texts.get('mem0-metadata-user-id')).toBe(`${state.scenario} `);
    expect(second.clearFragment).toHaveBeenCalledOnce();
    expect(storage.loadVisited()).toEqual(['mem0-metadata-user-id']);
  });

  it.each([
    ['router-authorize-before-ranking', { context: 'unrecognized-room' }, 'private canary'],
    ['memtool-session-scope', { session: null }, null],
  ] as const)('round-trip the %s lesson with who it acts as', async (id, actor, question) => {
    const first = make();
    await first.store.getState().openLesson(id);
    const from = session(first.store);
    from.store.getState().stepTo(4);
    if (from.engine === 'router') {
      from.store.getState().actAs('unrecognized-room');
      from.store.getState().askQuestion('private canary');
    } else if (from.engine === 'memtool') from.store.getState().actAs(null);
    await from.store.getState().settled();
    const state = shareStateOf(from);
    expect(state).toMatchObject({ lesson: id, step: 4, actor, question });
    const second = make();
    await second.store.getState().start(link(state));
    expect(shareStateOf(session(second.store))).toEqual(state);
  });

  const seedState: ShareState = {
    scenario: SEED_TEXT,
    step: 2,
    principal: null,
    question: null,
    rulesOff: [],
    lesson: null,
  };
  it.each([
    ['garbage', '#not a link!', 'not a playground share link'],
    ['a damaged link', '#v1.%%%', 'damaged'],
    ['a newer version', '#v7.abc', 'format v7'],
    ['an oversize link', `#v1.${'A'.repeat(MAX_LINK_CHARS)}`, 'limited to'],
    ['an unknown lesson', link({ ...seedState, lesson: 'no-such-lesson' }), 'does not have'],
    [
      'an invalid scenario',
      link({ ...seedState, scenario: '{ "agents": [' }),
      "This link's scenario has 1 problem; the first, at line 1",
    ],
    ['a scenario of the wrong engine', link({ ...seedState, lesson: 'router-authorize-before-ranking' }), 'problem'],
    [
      'an actor the lesson does not have',
      link({
        ...seedState,
        scenario: readFileSync('fixtures/lessons/memtool-session-scope.json', 'utf8'),
        lesson: 'memtool-session-scope',
        actor: { session: 'ghost' },
      }),
      'does not have',
    ],
    ['a hostile payload', `#v1.${compressToEncodedURIComponent('{"__proto__": {"polluted": 1}}')}`, 'invalid'],
  ])('show an error for %s and keep the learner’s saved work', async (_name, hash, message) => {
    const storage = memoryLessonsStorage();
    storage.saveChoice('attacks');
    storage.lesson('attacks').save('{ "my": "attacks work" }');
    storage.lesson(DEFAULT_LESSON).save(`${SEED_TEXT}  `);
    const { store } = make(storage);
    await store.getState().start(hash);
    const banner = store.getState().banner;
    expect(banner?.kind).toBe('error');
    expect(banner?.kind === 'error' && banner.message).toContain(message);
    expect(banner?.kind === 'error' && banner.message).toContain('Your own work is shown instead.');
    expect(session(store).lesson.id).toBe('attacks');
    expect(storage.texts.get('attacks')).toBe('{ "my": "attacks work" }');
    expect(storage.texts.get(DEFAULT_LESSON)).toBe(`${SEED_TEXT}  `);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  // Trailing blanks make a scenario large while its link stays short.
  const largeScenario = `${SEED_TEXT}${' '.repeat(LARGE_TEXT)}`;
  it('open a large scenario after its replay, at the step and with the switches the link names', async () => {
    const storage = memoryLessonsStorage();
    storage.lesson(DEFAULT_LESSON).save(`${SEED_TEXT}  `);
    const { store } = make(storage);
    const state: ShareState = { ...seedState, scenario: largeScenario, step: 5, rulesOff: ['keysFromPrincipal'] };
    await store.getState().start(link(state));
    const opened = session(store);
    if (opened.engine !== 'store') throw new Error('a store lesson');
    expect(opened.store.getState()).toMatchObject({ ranText: largeScenario, running: null, index: 5, problems: [] });
    expect(shareStateOf(opened)).toMatchObject({ scenario: largeScenario, step: 5, rulesOff: ['keysFromPrincipal'] });
    expect(store.getState().banner).toEqual({ kind: 'shared', lesson: opened.lesson.title });
    expect(storage.texts.get(DEFAULT_LESSON)).toBe(`${SEED_TEXT}  `);
  });

  it('refuse a large scenario that fails, naming where, and keep the learner’s saved work', async () => {
    const storage = memoryLessonsStorage();
    storage.lesson(DEFAULT_LESSON).save(`${SEED_TEXT}  `);
    const { store } = make(storage);
    const broken = largeScenario.replace('"op": "write"', '"op": "wrote"');
    await store.getState().start(link({ ...seedState, scenario: broken }));
    const banner = store.getState().banner;
    expect(banner?.kind === 'error' && banner.message).toMatch(
      /^This link's scenario has 1 problem; the first, at line \d+/,
    );
    expect(session(store).store.getState().text).toBe(`${SEED_TEXT}  `);
    expect(storage.texts.get(DEFAULT_LESSON)).toBe(`${SEED_TEXT}  `);
  });

  it('go back to the learner’s own work on request', async () => {
    const storage = memoryLessonsStorage();
    storage.lesson(DEFAULT_LESSON).save(`${SEED_TEXT}  `);
    const { store, clearFragment } = make(storage);
    await store.getState().start(link(seedState));
    expect(session(store).store.getState().text).toBe(SEED_TEXT);
    await store.getState().backToOwnWork();
    expect(session(store).store.getState().text).toBe(`${SEED_TEXT}  `);
    expect(clearFragment).toHaveBeenCalled();
    expect(store.getState().banner).toBeNull();
  });
});

describe('section links', () => {
  it('are not read as share links', async () => {
    expect(isSectionLink('#editor')).toBe(true);
    expect(isSectionLink('#clean')).toBe(false);
    expect(isSectionLink('#v1')).toBe(false);
    expect(isSectionLink('#v1.abc')).toBe(false);
    const { store } = make();
    await store.getState().start('#timeline');
    expect(store.getState().banner).toBeNull();
    expect(session(store).lesson.id).toBe(DEFAULT_LESSON);
  });
});

describe('lesson storage', () => {
  it('keeps the seed lesson under the key the playground always used', () => {
    expect(lessonKey(DEFAULT_LESSON)).toBe('scope-isolation-playground/scenario');
    expect(new Set(LESSONS.map((lesson) => lessonKey(lesson.id))).size).toBe(LESSONS.length);
  });
});
