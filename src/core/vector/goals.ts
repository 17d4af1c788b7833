/**
 * The vector lesson's goals, judged from a run of its queries and the learner's acts: where the filter
 * sits in a strategy's plan (the learner's first mark for it), and whether the learner's own query now
 * returns k without handing over or ranking more than it should.
 */
import { assertNever } from '../store/errors';
import type { Judged } from '../exercises/shared';
import type { LearnerActs, VectorGoal } from '../exercises/types';
import { count } from '../text/plural';
import { returnedOfK, siteWords } from './outcome';
import type { VectorRun } from './run';
import { DEFAULT_EF_SEARCH } from './scenario';

function judgeFilterPlace(run: VectorRun, strategy: number, acts: LearnerActs): Judged {
  const shown = run.strategies[strategy - 1];
  if (shown === undefined) return [false, `The lesson has no strategy ${strategy}.`];
  const { outcome } = shown;
  if (outcome.filterNode === null) return [false, `Strategy ${strategy}'s plan filters nowhere.`];
  // Stryker disable next-line ArrayDeclaration: an array of anything but acts holds no mark either
  const mark = (acts.log ?? []).find((act) => act.kind === 'mark' && act.step === strategy);
  // Stryker disable next-line ConditionalExpression: the find keeps marks only; the kind test narrows the type
  if (mark === undefined || mark.kind !== 'mark')
    return [false, `No node of strategy ${strategy}'s plan is marked yet.`];
  if (mark.item !== outcome.filterNode)
    return [
      false,
      `You marked the ${mark.item} node of strategy ${strategy}, and that mark is final; the filter sits elsewhere.`,
    ];
  return [
    true,
    `The filter sits ${siteWords(outcome)}; so the principal got ${returnedOfK(outcome)} (hnsw.ef_search = ${outcome.settings.ef_search}).`,
  ];
}

function judgeReturnsK(run: VectorRun): Judged {
  const { own, scenario } = run;
  if (own.rows.some((row) => row.owner !== scenario.principal))
    return [false, `Your query returned rows that are not ${scenario.principal}'s.`];
  if (own.othersHanded > 0)
    return [
      false,
      `Your query handed the application ${count(own.othersHanded, 'row')} of other owners: the filter must stay in the database.`,
    ];
  if (scenario.ef_search > DEFAULT_EF_SEARCH)
    return [
      false,
      `hnsw.ef_search is ${scenario.ef_search}: a wider candidate list for every query. Keep it at ${DEFAULT_EF_SEARCH} and find another way.`,
    ];
  if (own.rows.length < scenario.k) return [false, `Your query returns ${returnedOfK(own)}.`];
  return [
    true,
    `Your query returns ${returnedOfK(own)}, all ${scenario.principal}'s; the filter sits ${siteWords(own)}.`,
  ];
}

/** Judge one vector goal. */
export function judgeVectorGoal(goal: VectorGoal, run: VectorRun, acts: LearnerActs): Judged {
  switch (goal.kind) {
    case 'filterPlace':
      return judgeFilterPlace(run, goal.strategy, acts);
    case 'returnsK':
      return judgeReturnsK(run);
    default:
      return assertNever(goal, 'goal');
  }
}

/** Every task's verdict for one run of the learner's scenario. */
export function verifyVectorExercises(
  exercises: ReadonlyArray<{ id: string; goal: VectorGoal }>,
  run: VectorRun,
  acts: LearnerActs,
): Array<{ id: string; met: boolean; reason: string }> {
  return exercises.map(({ id, goal }) => {
    const [met, reason] = judgeVectorGoal(goal, run, acts);
    return { id, met, reason };
  });
}
