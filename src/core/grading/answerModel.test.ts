import { describe, expect, it } from 'vitest';
import { checkDigest, parseAnswerModel } from './answerModel';
import { OTHER, PINNED, pinnedModel } from '../testing/answers';
import { projectText } from '../testing/fixtures';

describe('checkDigest', () => {
  const listing = (digest: string, name = 'gemma4:e2b') => ({
    models: [
      { name: 'other:latest', digest: OTHER },
      { name, model: name, digest },
    ],
  });

  it('accepts the pinned build under the pinned tag', () => {
    expect(checkDigest(pinnedModel(), listing(PINNED))).toEqual({ kind: 'pinned', digest: PINNED });
  });

  it('tolerates a digest spelled with its sha256: prefix', () => {
    expect(checkDigest(pinnedModel(), listing(`sha256:${PINNED}`)).kind).toBe('pinned');
  });

  it('refuses another build under the pinned tag, naming both digests', () => {
    const check = checkDigest(pinnedModel(), listing(OTHER));
    expect(check.kind).toBe('other');
    expect(check.kind === 'other' && check.message).toBe(
      `the server's gemma4:e2b has digest ${OTHER}, but the pinned build is ${PINNED}`,
    );
  });

  it('refuses when the server has no model under the pinned tag, even if the pinned digest is there under another', () => {
    expect(checkDigest(pinnedModel(), listing(PINNED, 'gemma4:e4b'))).toEqual({
      kind: 'absent',
      message: `the server has no model gemma4:e2b (pinned digest ${PINNED})`,
    });
  });
});

describe('parseAnswerModel', () => {
  it('reads the pin and remembers which numbers are written as floats', () => {
    const outcome = parseAnswerModel(projectText('recorded/answer-model.json'));
    expect(outcome.kind === 'ok' && outcome.floats).toEqual([
      ['options', 'temperature'],
      ['options', 'top_p'],
    ]);
  });

  it('refuses a pin nested too deep with the located message every file gets, before any tree is built', () => {
    const pin = JSON.parse(projectText('recorded/answer-model.json')) as Record<string, unknown>;
    const deep = `${JSON.stringify(pin).slice(0, -1)}, "extra": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const outcome = parseAnswerModel(deep);
    expect(outcome).toMatchObject({
      kind: 'invalid',
      problems: [expect.stringMatching(/^1:\d+: JSON nested deeper than 64 levels$/)],
    });
  });

  it('rejects a pin without a full digest', () => {
    expect(parseAnswerModel(projectText('recorded/answer-model.json').replace(PINNED, 'b37049369adf'))).toEqual({
      kind: 'invalid',
      problems: ['ollama_digest: expected 64 lowercase hex digits'],
    });
  });
});

describe('parseAnswerModel, every way a pin is read', () => {
  const PIN = projectText('recorded/answer-model.json');

  it('finds floats written with a fraction or an exponent, at any depth, in arrays by index', () => {
    const text = PIN.replace(
      '"top_k": 64',
      '"top_k": 64, "scale": 2e3, "Big": [1, 2E0, {"x": [0.5]}], "pairs": [[1, 2.5]]',
    ).replace('  3,\n', '  3.0,\n');
    const outcome = parseAnswerModel(text);
    expect(outcome.kind === 'ok' && outcome.floats).toEqual([
      ['options', 'temperature'],
      ['options', 'scale'],
      ['options', 'Big', 1],
      ['options', 'Big', 2, 'x', 0],
      ['options', 'pairs', 0, 1],
      ['options', 'top_p'],
      ['seeds', 2],
    ]);
  });

  it('keeps the pin as written, its own fields and their order included', () => {
    const outcome = parseAnswerModel(PIN);
    expect(outcome.kind === 'ok' && Object.keys(outcome.model)).toEqual(Object.keys(JSON.parse(PIN)));
    expect(outcome.kind === 'ok' && outcome.model.ollama_tag).toBe('gemma4:e2b');
  });

  it('locates a syntax error by line and column, and names the root when the value is no object', () => {
    expect(parseAnswerModel('{\n "think": }')).toEqual({
      kind: 'invalid',
      problems: ['2:11: JSON syntax: expected a value'],
    });
    expect(parseAnswerModel('[]')).toEqual({
      kind: 'invalid',
      problems: ['(root): Invalid input: expected object, received array'],
    });
  });

  it('names each wrong field by its path', () => {
    const text = PIN.replace('"top_k": 64', '"top_k": 6.5').replace('"think": false', '"think": "no"');
    expect(parseAnswerModel(text)).toEqual({
      kind: 'invalid',
      problems: [
        'options.top_k: Invalid input: expected int, received number',
        'think: Invalid input: expected boolean, received string',
      ],
    });
  });
});

describe('checkDigest, how a listed model is matched', () => {
  it('finds the pinned tag by its model field too, and compares digests in any case', () => {
    const tags = { models: [{ name: 'alias', model: 'gemma4:e2b', digest: PINNED.toUpperCase() }] };
    expect(checkDigest(pinnedModel(), tags)).toEqual({ kind: 'pinned', digest: PINNED });
  });

  it('gives the listed digest bare when it is another build, stripping "sha256:" only in front', () => {
    const tags = { models: [{ name: 'gemma4:e2b', digest: `sha256:${OTHER}` }] };
    expect(checkDigest(pinnedModel(), tags)).toMatchObject({ kind: 'other', digest: OTHER });
    const odd = { models: [{ name: 'gemma4:e2b', digest: `${PINNED}sha256:` }] };
    expect(checkDigest(pinnedModel(), odd)).toMatchObject({ kind: 'other', digest: `${PINNED}sha256:` });
  });
});
