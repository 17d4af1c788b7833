/**
 * The router timeline in words: what each step does and what came of it. Pure words over recorded
 * outcomes; nothing here decides what a context may read (router.ts does).
 */
import { assertNever } from '../store/errors';
import { count } from '../text/plural';
import { listIds as list } from '../checks/results';
import { quote } from '../explain/describe';
import { type Bank, type ContextPolicy, fromUnreadBanks } from './router';
import type { RouterEntry, RouterTimeline } from './replay';

/** "reads general and private, writes private", from a policy and the router's defaults. */
export function describePolicy(policy: ContextPolicy): string {
  const reads = policy.read_banks ?? ['general'];
  const write = policy.write_bank || 'deny';
  return `reads ${reads.length === 0 ? 'nothing' : reads.join(' and ')}, ${write === 'deny' ? 'may not write' : `writes ${write}`}`;
}

/** Every context a learner can act as: the recognised ones, then any a step names that the router does not know. */
export function routerContexts(timeline: RouterTimeline): string[] {
  const known = timeline.contexts.map(([key]) => key);
  const named = timeline.entries.flatMap((entry) =>
    entry.step !== null && 'context' in entry.step ? [entry.step.context] : [],
  );
  return [...new Set([...known, ...named])];
}

export interface RouterWords {
  op: 'start' | 'recall' | 'remember' | 'rebuild';
  summary: string;
  result: string;
  rejected: boolean;
}

function bankSizes(banks: Readonly<Record<Bank, readonly unknown[]>>): string {
  return `general bank ${count(banks.general.length, 'memory', 'memories')}, private bank ${count(banks.private.length, 'memory', 'memories')}`;
}

/** One entry in words. */
export function describeRouterEntry(entry: RouterEntry): RouterWords {
  const { step, outcome } = entry;
  const rejected = outcome.kind === 'rejected';
  const refused = (summary: string, op: RouterWords['op']): RouterWords => ({
    op,
    summary,
    result: `Refused: ${outcome.kind === 'rejected' ? outcome.reason : ''}.`,
    rejected,
  });
  if (step === null) {
    return {
      op: 'start',
      summary: 'The router starts',
      result: `${count(entry.outcome.kind === 'configured' ? entry.outcome.contexts.length : 0, 'recognised context')}; ${bankSizes(entry.banks)}.`,
      rejected,
    };
  }
  switch (step.op) {
    case 'recall': {
      const summary = `${step.context} recalls ${quote(step.query)}`;
      if (outcome.kind !== 'recalled') return refused(summary, 'recall');
      const unauthorized = fromUnreadBanks(outcome.naive.scored, outcome.safe.allowed).length;
      const same =
        list(outcome.safe.results.map((r) => r.memory_id)) === list(outcome.naive.results.map((r) => r.memory_id));
      return {
        op: 'recall',
        summary,
        rejected,
        result:
          `${count(outcome.safe.results.length, 'result')}${same ? ', the same from both orderings' : '; the naive ordering returns different ones'}. ` +
          (unauthorized === 0
            ? 'Neither scorer saw a memory it may not read.'
            : `The naive scorer was handed ${count(unauthorized, 'memory', 'memories')} from a bank ${step.context} may not read.`),
      };
    }
    case 'remember': {
      const summary = `${step.context} remembers ${step.memory.memory_id}`;
      switch (outcome.kind) {
        case 'stored':
          return { op: 'remember', summary, result: `Stored in the ${outcome.bank} bank.`, rejected };
        case 'write-denied':
          return {
            op: 'remember',
            summary,
            result: `Not stored: context_memory_write_denied (context ${outcome.contextId}).`,
            rejected,
          };
        default:
          return refused(summary, 'remember');
      }
    }
    case 'replace_bank': {
      const summary = `The ${step.bank} bank is rebuilt from its authority`;
      if (outcome.kind !== 'replaced') return refused(summary, 'rebuild');
      return {
        op: 'rebuild',
        summary,
        rejected,
        result: `Removed ${list(outcome.removed.map((m) => m.memory_id))}; added ${list(outcome.added.map((m) => m.memory_id))}.`,
      };
    }
    default:
      return assertNever(step, 'step');
  }
}
