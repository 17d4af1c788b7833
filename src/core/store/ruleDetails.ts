/**
 * Each rule's incident and where it lives in the core, beside its name and effect (rules.ts): read by the
 * "Break a rule" tab and the core README's check, kept apart so the page's first screen does not carry it.
 */
import type { Rule } from './rules';

export interface RuleDetails {
  /** The real incident or lesson it reproduces. */
  incident: string;
  /** Where the rule lives in the core: `folder/file.ts function()`, as in src/core/README.md. */
  where: string;
}

export const RULE_DETAILS: Readonly<Record<Rule, RuleDetails>> = {
  taskCheck: {
    incident: "A user's notes follow them into an unrelated task.",
    where: 'store/visibility.ts decide()',
  },
  agentCheck: {
    incident: 'Sub-agents share one scratchpad instead of receiving a handoff.',
    where: 'store/visibility.ts decide()',
  },
  declaredReads: {
    incident: 'OWASP LLM06:2025, excessive agency: an agent gets more than it needs.',
    where: 'store/visibility.ts decide()',
  },
  keysFromPrincipal: {
    incident: 'Mem0 #6277 and #6655: metadata could set user_id.',
    where: 'store/store.ts write()',
  },
  cacheKeyPrincipal: {
    incident: 'A RAG app cached answers without the user (PDF-Assistant-RAG #640).',
    where: 'store/context.ts cacheKeyParts()',
  },
  cacheKeyVersion: {
    incident:
      "LongMemory #186: delete_all emptied a user's rows while an in-process query cache kept serving the deleted memories.",
    where: 'store/context.ts cacheKeyParts()',
  },
  escaping: {
    incident: 'Prompt injection through stored text that impersonates context.',
    where: 'store/context.ts itemBlock()',
  },
  atomicHandoff: {
    incident: 'Partial writes: validation interleaved with writing.',
    where: 'store/store.ts handoff()',
  },
  handoffReadCheck: {
    incident: 'A sub-agent receives data its parent could never read.',
    where: 'store/store.ts handoffSources()',
  },
  perUserDuplicates: {
    incident: "An existence oracle: an error message reveals another user's data.",
    where: 'store/store.ts prepare()',
  },
  authorizeBeforeRanking: {
    incident: 'The ordering the fail-closed memory router warns about: authorize before ranking.',
    where: 'store/context.ts buildContext()',
  },
  exactKeys: {
    incident: 'LangGraph.js #2721: a namespace search matched raw string prefixes, so acme read acme-corp.',
    where: 'store/visibility.ts decide()',
  },
  ownerlessHidden: {
    incident:
      'OpenClaw pull request #85389: recall filtered on sender_id = ? OR sender_id IS NULL, so rows stored without a sender went to every user.',
    where: 'store/visibility.ts decide()',
  },
  scopedDelete: {
    incident:
      "Mem0 #3746 and #3928: delete_all(user_id=...) ended with vector_store.reset(), wiping every user's memories.",
    where: 'store/store.ts forgetUser()',
  },
  semanticCachePartition: {
    incident:
      "vLLM Semantic Router #2134: a user tag prefixed to the query text still let another user's query match at similarity 0.9085.",
    where: 'store/semanticCache.ts semanticKey()',
  },
};
