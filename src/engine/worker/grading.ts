/**
 * A model's answer graded in the engine by the grading rules of the scenario it last ran (else the
 * seed's): the "Ask your own model" panel's verdict. The scenario is parsed once per text.
 */
import { parseScenario } from '../../core/scenario/scenario';
import { gradeLive, type LiveGrade } from '../../core/grading/scenarioGrading';
import type { GradedAnswer } from '../protocol';
import { lastParse } from './lastParse';

const parsed = lastParse(parseScenario);

export function gradeByScenario(ranText: string, principal: string, answer: GradedAnswer): LiveGrade {
  const scenario = parsed(ranText);
  return gradeLive(principal, answer, scenario.kind === 'ok' ? scenario.scenario.grading : undefined);
}
