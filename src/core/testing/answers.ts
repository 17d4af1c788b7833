/** The recording's test fixtures: the pinned model, the seed scenario's requests and the recorded answers. */
import { type AnswerModel, parseAnswerModel } from '../grading/answerModel';
import { answerRequests } from '../grading/answerRequests';
import type { RecordedAnswer } from '../grading/answerFile';
import { replay } from '../replay/replayText';
import { type SeedResult, toSeedResult } from '../replay/seedResult';
import { projectJson, projectText, seedScenario } from './fixtures';

/** The pinned build's digest, and another. */
export const PINNED = 'b37049369adfe3d2b653af0ab301a062ca5cbe96ace6aa0d3f2559ee9b563fc2';
export const OTHER = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

export function pinnedModel(): AnswerModel {
  const outcome = parseAnswerModel(projectText('recorded/answer-model.json'));
  if (outcome.kind !== 'ok') throw new Error(outcome.problems.join('; '));
  return outcome.model;
}

export function fixtureResult(): SeedResult {
  const outcome = replay(seedScenario());
  if (outcome.kind !== 'ok') throw new Error('the fixture does not replay');
  return toSeedResult(outcome.timeline);
}

export function requestsOf(result: SeedResult) {
  const outcome = answerRequests(result);
  if (outcome.kind !== 'ok') throw new Error(`missing ${outcome.principals.join(', ')}`);
  return outcome.requests;
}

export const recorded = () =>
  projectJson('recorded/answer-result.json') as {
    principals: Record<string, string>;
    answers: Record<string, RecordedAnswer[]>;
  };
