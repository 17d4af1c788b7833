import { readFileSync } from 'node:fs';
import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { decodeShare, encodeShare, MAX_LINK_CHARS, type ShareState } from './shareLink';
import { MAX_ITEM_TEXT_CHARS, MAX_QUESTION_CHARS } from '../scenario/limits';
import { parseScenario } from '../scenario/scenario';

const scenario = readFileSync('fixtures/scenario.json', 'utf8');
const state: ShareState = {
  scenario,
  step: 7,
  principal: { user: 'alice', task: 'task-9', agent: 'planner' },
  question: 'What is the plan?',
  rulesOff: ['taskCheck', 'escaping'],
  lesson: null,
};

describe('share links', () => {
  it('round-trip the whole state through the fragment', () => {
    const link = encodeShare(state);
    if (link.kind !== 'ok') throw new Error('the seed scenario fits in a link');
    expect(link.fragment.startsWith('#v1.')).toBe(true);
    expect(decodeShare(link.fragment)).toEqual({ kind: 'shared', state });
  });

  it('keep the seed scenario short enough to paste', () => {
    const link = encodeShare(state);
    expect(link.kind === 'ok' && link.fragment.length).toBeLessThan(2_000);
  });

  it('refuse to make a link longer than browsers and chat tools accept', () => {
    const big = {
      ...state,
      scenario: Array.from({ length: 20_000 }, (_, i) => `line ${(i * 7919) % 10007}`).join('\n'),
    };
    expect(encodeShare(big)).toMatchObject({ kind: 'too-long' });
  });

  it('carry who a router or memtool lesson acts as, and still open links made without it', () => {
    for (const actor of [{ context: 'general-room' }, { session: 'support' }, { session: null }]) {
      const link = encodeShare({ ...state, lesson: 'memtool-session-scope', actor });
      expect(link.kind === 'ok' && decodeShare(link.fragment)).toEqual({
        kind: 'shared',
        state: { ...state, lesson: 'memtool-session-scope', actor },
      });
    }
    const older = `#v1.${compressToEncodedURIComponent(JSON.stringify(state))}`;
    expect(decodeShare(older)).toEqual({ kind: 'shared', state });
  });

  it('recognise the clean-start address and an empty fragment', () => {
    expect(decodeShare('#clean')).toEqual({ kind: 'clean' });
    expect(decodeShare('')).toEqual({ kind: 'none' });
    expect(decodeShare('#')).toEqual({ kind: 'none' });
  });

  it('read a fragment given without its #', () => {
    expect(decodeShare('clean')).toEqual({ kind: 'clean' });
    const link = encodeShare(state);
    if (link.kind !== 'ok') throw new Error('the seed state makes a link');
    expect(decodeShare(link.fragment.slice(1))).toEqual(decodeShare(link.fragment));
  });

  it('say which versions they read, and which part of a link is broken', () => {
    const message = (hash: string) => {
      const opened = decodeShare(hash);
      return opened.kind === 'error' ? opened.message : opened.kind;
    };
    expect(message('#v0.abc')).toBe('This link uses format v0; this playground reads up to v1.');
    expect(message('#v12.abc')).toBe('This link uses format v12; this playground reads up to v1.');
    expect(message('#xv1.abc')).toBe('This link is not a playground share link.');
    expect(message('#v1.')).toBe('This link is damaged: its data cannot be decompressed.');
    expect(message(`#v1.${'A'.repeat(MAX_LINK_CHARS - 3)}`)).not.toContain('limited to');
    expect(message(`#v1.${'A'.repeat(MAX_LINK_CHARS - 2)}`)).toContain('limited to');
  });

  it.each([
    ['#hello', 'not a playground share link'],
    ['#v9.abc', 'format v9'],
    ['#v1.%%%', 'damaged'],
    [`#v1.${compressToEncodedURIComponent('{"scenario": 5')}`, 'not JSON'],
    [`#v1.${compressToEncodedURIComponent(JSON.stringify({ ...state, step: -1 }))}`, 'invalid at step'],
    [
      `#v1.${compressToEncodedURIComponent(JSON.stringify({ ...state, rulesOff: ['everything'] }))}`,
      'invalid at rulesOff',
    ],
    [
      `#v1.${compressToEncodedURIComponent(`{"__proto__": {"polluted": true}, ${JSON.stringify(state).slice(1)}`)}`,
      'invalid at the top',
    ],
    [`#v1.${'A'.repeat(MAX_LINK_CHARS)}`, 'limited to'],
    [
      `#v1.${compressToEncodedURIComponent(JSON.stringify({ ...state, actor: { context: 'a', session: 'b' } }))}`,
      'invalid at actor',
    ],
  ])('reject the broken or hostile link %#', (hash, message) => {
    const opened = decodeShare(hash);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(opened.kind).toBe('error');
    expect(opened.kind === 'error' && opened.message).toContain(message);
  });
});

describe('a link that decompresses to more than a scenario may hold (issue 15, item 3)', () => {
  const fragment = (payload: string) => `#v1.${compressToEncodedURIComponent(payload)}`;
  const seedJson = JSON.parse(scenario);

  it('is refused with its size before it is parsed, though the link itself is short', () => {
    // 20 MB of question compresses to about 12,500 characters: under the link cap. (Made once: compressing
    // it takes lz-string over a minute.)
    const hash = readFileSync('fixtures/hostile/link-question-20mb.txt', 'utf8').trim();
    expect(hash.length).toBeLessThan(MAX_LINK_CHARS);
    const parse = JSON.parse;
    let parsed = 0;
    JSON.parse = (...args: Parameters<typeof parse>) => {
      parsed += 1;
      return parse(...args);
    };
    try {
      expect(decodeShare(hash)).toEqual({
        kind: 'error',
        message: 'This link holds more than 4,100,000 characters once decompressed; links are limited to that.',
      });
    } finally {
      JSON.parse = parse;
    }
    expect(parsed).toBe(0);
  });

  it('refuses a question past the question limit, naming the field', () => {
    const opened = decodeShare(fragment(JSON.stringify({ ...state, question: 'a'.repeat(MAX_QUESTION_CHARS + 1) })));
    expect(opened).toEqual({
      kind: 'error',
      message: `This link's data is invalid at question: too long: questions are limited to 2,000,000 characters`,
    });
  });

  it('hands on a scenario whose item text is past the text limit to the parser, which locates it', () => {
    seedJson.steps[2].text = 'x'.repeat(MAX_ITEM_TEXT_CHARS + 1);
    const opened = decodeShare(fragment(JSON.stringify({ ...state, scenario: JSON.stringify(seedJson, null, 2) })));
    if (opened.kind !== 'shared') throw new Error('within the link limits');
    const outcome = parseScenario(opened.state.scenario);
    expect(outcome.kind === 'invalid' && outcome.problems[0]).toMatchObject({
      path: 'steps[2].text',
      message: 'too long: texts are limited to 2,000,000 characters',
    });
  });
});
