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
