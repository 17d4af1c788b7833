/**
 * The lessons gallery's catalogue: each lesson names the rule at stake, the incident it replays (in
 * our words), what to try, its scenario file under fixtures/lessons/, and the rule switches that
 * reproduce the incident. The scenario texts themselves are data files, loaded by the caller; each
 * lesson's tasks and reference solution are in fixtures/exercises/<lesson id>.json (exercises/).
 */
import { type Rule, ruleName, ruleNames } from '../store/rules';

/**
 * Which engine runs a lesson: the store's (src/engine) or a lesson engine of the core's (router, memory
 * tools, vector index). A lesson's `engine` field holds it, as a course pack's file does.
 */
export type LessonKind = 'store' | 'router' | 'memtool' | 'vector';

/** A public record of the incident: its name as the incident's words give it, and its address. */
export interface IncidentLink {
  name: string;
  url: string;
}

export interface Lesson {
  id: string;
  title: string;
  engine: LessonKind;
  /** The rule at stake, one sentence. */
  rule: string;
  /** The real incident, in our words. */
  incident: string;
  /** The incident's public records, each named in `incident` (shown as links beside it). */
  links?: readonly IncidentLink[];
  /** What the learner should try. */
  tryThis: string;
  /** File name under fixtures/lessons/. */
  file: string;
  /** Switches that reproduce the incident (empty: the scenario shows it as is). */
  reproduce: Rule[];
}

export const DEFAULT_LESSON = 'seed-alice-bob';

export const LESSONS: readonly Lesson[] = [
  {
    id: DEFAULT_LESSON,
    title: 'Alice, Bob and the export job',
    engine: 'store',
    rule: 'Filter by user, task and agent before building a request.',
    incident:
      "A naive global list ranked by shared words puts Alice's note into Bob's request, and Bob's plan into Alice's.",
    tryThis:
      'Step to each query and compare the scoped request with the naive one; switch to bob/task-18 and see what a new task keeps.',
    file: 'scenario.json',
    reproduce: [],
  },
  {
    id: 'router-authorize-before-ranking',
    title: 'Authorize before ranking',
    engine: 'router',
    rule: 'Choose the banks a context may read before anything is scored; never rank every bank and filter afterwards.',
    incident:
      "A multi-agent system's shared memory filtered what it had retrieved by owner_agent and sharing policy, never by user_id, so one user's memories could be injected into another user's prompt (AIOS pull request #551). A memory router that ranks every bank and drops private results afterwards returns clean-looking answers, yet its scorer has already read the private canary, and so can any logger, cache or trace behind it (the fail-closed memory router of seed 003).",
    links: [{ name: 'AIOS pull request #551', url: 'https://github.com/agiresearch/AIOS/pull/551' }],
    tryThis:
      'At step 1 compare what each scorer was handed: the same results, different inputs. At step 7 see a general answer go missing because a private copy exists.',
    file: 'router-authorize-before-ranking.json',
    reproduce: [],
  },
  {
    id: 'memtool-session-scope',
    title: 'The scope key comes from the session',
    engine: 'memtool',
    rule: 'A tool reads who is asking from the session, never from its arguments; an ID it must take is resolved first, then checked against the session.',
    incident:
      "A memory plugin kept the current session in one module-level currentSessionId shared by every concurrent session, so one agent's memories could be written to or recalled into another's, and it exposed userId as a tool parameter that a prompt injection could point at another user's memories (Mem0 issue #4359). A support ticket told an agent to call search_memory with another company's org_id and user_id; the tool filtered on those values and returned six of that company's records, and every log line looked clean (the red-team story of seed 004).",
    links: [{ name: 'Mem0 issue #4359', url: 'https://github.com/mem0ai/mem0/issues/4359' }],
    tryThis:
      'At step 1 compare the two search tools on the injected call; at step 4 ask forget_memory about a guessed ID; at steps 9 to 12 try the paths that get past a string check.',
    file: 'memtool-session-scope.json',
    reproduce: [],
  },
  {
    id: 'attacks',
    title: 'Five attacks the store turns away',
    engine: 'store',
    rule: 'Scope keys come from the principal; handoffs are checked and all-or-nothing; text is escaped; errors reveal nothing.',
    incident:
      "A payload names another owner, text forges an item, a handoff copies what the sender cannot read or fails halfway, an ID probes for another user's item.",
    tryThis: 'Switch one rule off at a time (off breaks it) and watch which check turns red.',
    file: 'attacks.scenario.json',
    reproduce: ['keysFromPrincipal', 'escaping', 'atomicHandoff', 'handoffReadCheck', 'perUserDuplicates'],
  },
  {
    id: 'mem0-metadata-user-id',
    title: 'Metadata that names its owner',
    engine: 'store',
    rule: 'Take scope keys from the authenticated principal, never from the payload.',
    incident:
      'A memory library let a write carry user_id in its metadata, so one caller could file a memory under another user (Mem0 issues #6277 and #6655).',
    tryThis: `Switch off ${ruleName('keysFromPrincipal')} and look at Alice's request.`,
    file: 'mem0-metadata-user-id.scenario.json',
    reproduce: ['keysFromPrincipal'],
  },
  {
    id: 'mem0-same-id-other-user',
    title: "Bob's write lands in Alice's memory",
    engine: 'store',
    rule: 'Every lookup and every uniqueness check is keyed by the user too.',
    incident:
      "A storage backend ignored user_id when it looked up a memory by ID, so Bob's update changed Alice's memory (Mem0 issue #2170).",
    tryThis: `Switch off ${ruleName('perUserDuplicates')}: now the same ID collides across users and the error tells Bob that Alice holds it.`,
    file: 'mem0-same-id-other-user.scenario.json',
    reproduce: ['perUserDuplicates'],
  },
  {
    id: 'empty-allow-list',
    title: 'An empty allow-list is not "no filter"',
    engine: 'store',
    rule: 'An agent reads exactly the scopes it declares; declaring little means receiving little.',
    incident:
      'A filter built from an empty list of allowed values was dropped, and the query ran unfiltered (Mem0 pull request #6351).',
    tryThis: `Switch off ${ruleName('declaredReads')} and see the summarizer receive everything.`,
    file: 'empty-allow-list.scenario.json',
    reproduce: ['declaredReads'],
  },
  {
    id: 'no-group-means-every-group',
    title: 'No group is not every group',
    engine: 'store',
    rule: 'A blank or malformed principal is rejected, never treated as a wildcard.',
    incident: 'A graph memory searched every group when the caller gave none (Graphiti issue #810).',
    tryThis:
      'In step 5, edit the blank user into "bob" and its "expect" into { "accepted": true }: the rejection turns into a normal request, and every check stays green.',
    file: 'no-group-means-every-group.scenario.json',
    reproduce: [],
  },
  {
    id: 'shared-filter-state',
    title: "One session's filter pinned onto another",
    engine: 'store',
    rule: 'Nothing built for one principal is reused for another: filters and caches are keyed by the principal.',
    incident:
      "A retriever wrote its metadata filter into shared state, so session A's filter was applied to session B's query (LlamaIndex issue #22701).",
    tryThis: `Switch off ${ruleName('cacheKeyPrincipal')} and look at Bob's request.`,
    file: 'shared-filter-state.scenario.json',
    reproduce: ['cacheKeyPrincipal'],
  },
  {
    id: 'cache-without-user',
    title: 'A cache key without the user',
    engine: 'store',
    rule: 'The cache key holds the principal, the question and the store version.',
    incident:
      "A document-chat app cached responses by question alone, so one user could receive an answer built from another user's files (PDF-Assistant-RAG issue #640).",
    tryThis: `Switch off ${ruleName('cacheKeyPrincipal')} and open the cache panel at Alice's query.`,
    file: 'cache-without-user.scenario.json',
    reproduce: ['cacheKeyPrincipal'],
  },
  {
    id: 'deletion-residue',
    title: 'Deletion residue',
    engine: 'store',
    rule: 'Closing a task deletes its items, the copies its handoffs made, and every cached request built from them.',
    incident:
      "A memory library's delete_all emptied the database rows of a user's memories, yet a query cache kept in the process went on returning the deleted memories until the process restarted (LongMemory issue #186). Copies and caches outlive the data they came from, so a closed task keeps answering.",
    links: [{ name: 'LongMemory issue #186', url: 'https://github.com/CaviraOSS/LongMemory/issues/186' }],
    tryThis: `Switch off ${ruleName('cacheKeyVersion')} and look at the query after the task is closed.`,
    file: 'deletion-residue.scenario.json',
    reproduce: ['cacheKeyVersion'],
  },
  {
    id: 'handoff-whole-history',
    title: 'A handoff that passes the whole history',
    engine: 'store',
    rule: 'A sub-agent receives a brief and chosen items, nothing else.',
    incident:
      "An agent framework's handoff passes the whole conversation to the next agent unless an input filter is set (the OpenAI Agents SDK's default).",
    tryThis: `Switch off ${ruleNames(['agentCheck', 'declaredReads'])} together, then read the researcher's request.`,
    file: 'handoff-whole-history.scenario.json',
    reproduce: ['agentCheck', 'declaredReads'],
  },
  {
    id: 'namespace-prefix',
    title: 'A namespace prefix is not a boundary',
    engine: 'store',
    rule: 'Scope keys are compared whole: acme is not acme-corp, task-1 is not task-10.',
    incident:
      'LangGraph\'s stores matched a namespace prefix with an unescaped LIKE \'<prefix>%\', so a search scoped to one namespace returned rows of others (LangGraph issue #8300; pull request #8478 made matching stop at segment boundaries). LangGraph.js still matched raw string prefixes, so a search for ["tenant", "acme"] also returned ["tenant", "acme-corp"] (LangGraph.js issue #2721), and a % in a label matched every namespace until LangGraph.js pull request #2512 refused it.',
    tryThis: `Switch off ${ruleName('exactKeys')} and look at acme's request at step 5: acme-corp's items and acme's task-10 letter come in.`,
    links: [
      { name: 'LangGraph issue #8300', url: 'https://github.com/langchain-ai/langgraph/issues/8300' },
      { name: 'pull request #8478', url: 'https://github.com/langchain-ai/langgraph/pull/8478' },
      { name: 'LangGraph.js issue #2721', url: 'https://github.com/langchain-ai/langgraphjs/issues/2721' },
      { name: 'LangGraph.js pull request #2512', url: 'https://github.com/langchain-ai/langgraphjs/pull/2512' },
    ],
    file: 'namespace-prefix.scenario.json',
    reproduce: ['exactKeys'],
  },
  {
    id: 'one-path-forgot-the-filter',
    title: 'One search path forgot the filter',
    engine: 'store',
    rule: 'Every path that reads the store applies the same filter: the request, and the handoff that looks items up by ID.',
    incident:
      "A graph memory's search limited its edges to the caller's group_ids but not its nodes, so nodes of other groups came back (Graphiti issue #632); a later fix added the missing group filter to the nodes' full-text search (pull request #752).",
    links: [
      { name: 'Graphiti issue #632', url: 'https://github.com/getzep/graphiti/issues/632' },
      { name: 'pull request #752', url: 'https://github.com/getzep/graphiti/pull/752' },
    ],
    tryThis: `Switch off ${ruleName('handoffReadCheck')}: step 3 is accepted, and a copy of South's budget reaches North's researcher at step 5 while the request path still filters.`,
    file: 'one-path-forgot-the-filter.scenario.json',
    reproduce: ['handoffReadCheck'],
  },
  {
    id: 'ownerless-rows',
    title: "Rows with no owner became everyone's",
    engine: 'store',
    rule: 'An item stored without an owner is read by no user: a missing owner matches nobody, never everybody.',
    incident:
      'A proposed fix for a cross-user memory leak (OpenClaw issue #85240) added a sender_id column that rows written before it left NULL, and filtered recall on sender_id = ? OR sender_id IS NULL, so every row stored without a sender was still returned to every user (OpenClaw pull request #85389).',
    links: [
      { name: 'OpenClaw issue #85240', url: 'https://github.com/openclaw/openclaw/issues/85240' },
      { name: 'OpenClaw pull request #85389', url: 'https://github.com/openclaw/openclaw/pull/85389' },
    ],
    tryThis: `Switch off ${ruleName('ownerlessHidden')} and read the requests at steps 4 and 5: the imported salary review, legacy-review, reaches Alice and Bob alike.`,
    file: 'ownerless-rows.scenario.json',
    reproduce: ['ownerlessHidden'],
  },
  {
    id: 'scoped-delete',
    title: 'A scoped delete wiped every user',
    engine: 'store',
    rule: "Forgetting a user deletes that user's items in every scope and task, and no one else's.",
    incident:
      "Mem0's delete_all(user_id=...) deleted the user's memories one by one, then called vector_store.reset(), which dropped the whole collection: every other user's memories went too (Mem0 issue #3746, and again issue #3928).",
    links: [
      { name: 'Mem0 issue #3746', url: 'https://github.com/mem0ai/mem0/issues/3746' },
      { name: 'issue #3928', url: 'https://github.com/mem0ai/mem0/issues/3928' },
    ],
    tryThis: `Switch off ${ruleName('scopedDelete')}: step 6 forgets Alice, and Bob's style and trip are gone from his request at step 7.`,
    file: 'scoped-delete.scenario.json',
    reproduce: ['scopedDelete'],
  },
  {
    id: 'semantic-cache-tag',
    title: 'A tag in the text is not a partition',
    engine: 'store',
    rule: 'A cache that matches similar questions looks only among the asking principal’s own entries: the principal is part of the key, never a word in the text.',
    incident:
      "A semantic cache keyed by model and query embedding served one user's cached answer to another whose question was similar enough (vLLM Semantic Router issue #1448). The fix put an HMAC of the user in front of the query text, and another user still got a byte-identical cached answer at similarity 0.9085 against a threshold of 0.8 (issue #2134); pull request #2135 made the user a hard partition. API gateways' semantic caches were shared the same way: by API alone (WSO2 API Platform issue #733) and by request content alone (OmniRoute issue #3740). Here similarity is the naive list's word overlap, not an embedding model; a short tag in front of a long question moves either score as little.",
    links: [
      { name: 'vLLM Semantic Router issue #1448', url: 'https://github.com/vllm-project/semantic-router/issues/1448' },
      { name: 'issue #2134', url: 'https://github.com/vllm-project/semantic-router/issues/2134' },
      { name: 'pull request #2135', url: 'https://github.com/vllm-project/semantic-router/pull/2135' },
      { name: 'WSO2 API Platform issue #733', url: 'https://github.com/wso2/api-platform/issues/733' },
      { name: 'OmniRoute issue #3740', url: 'https://github.com/diegosouzapw/OmniRoute/issues/3740' },
    ],
    tryThis: `Switch off ${ruleName('semanticCachePartition')} and open the cache panel at Bob's query, step 5: his tagged question is 0.93 similar to Alice's, and he is served her request.`,
    file: 'semantic-cache-tag.scenario.json',
    reproduce: ['semanticCachePartition'],
  },
  {
    id: 'vector-filter-after-scan',
    title: 'A vector index that filters too late',
    engine: 'vector',
    rule: "Authorize before ranking holds inside the database too: a filter applied after the index has chosen its candidates leaves the principal short, and ranking first in the application hands everyone's rows to the scorer.",
    incident:
      "In pgvector, filtering is applied after the index is scanned: with HNSW at the default ef_search of 40, a filter that matches 10% of the rows returns about 4 of 10 (pgvector issue #479, #630, #740 and #751; Dify pull request #31896). A row-level-security policy is the same Filter on the same index scan, so it does not bring the rows back; pgvector 0.8's hnsw.iterative_scan does. Here the database is real PostgreSQL with pgvector, compiled to WebAssembly (PGlite), shipped prebuilt: 40,000 chunks of 16 numbers each, alice owning 1 in 100. The numbers are not a language model's embeddings: a seeded generator draws them around a few topics per owner, so the lesson is the same on every machine. Where the filter sits does not depend on what the numbers mean, so real embeddings fail the same way.",
    links: [
      { name: 'pgvector issue #479', url: 'https://github.com/pgvector/pgvector/issues/479' },
      { name: '#630', url: 'https://github.com/pgvector/pgvector/issues/630' },
      { name: '#740', url: 'https://github.com/pgvector/pgvector/issues/740' },
      { name: '#751', url: 'https://github.com/pgvector/pgvector/issues/751' },
      { name: 'Dify pull request #31896', url: 'https://github.com/langgenius/dify/pull/31896' },
    ],
    tryThis:
      "Compare the five strategies: rows returned against k, and how many of other owners' rows were ranked or handed over. Read where each plan puts its Filter, then turn on the iterative scan.",
    file: 'vector-filter-after-scan.json',
    reproduce: [],
  },
];

/** The lesson with this ID, if any. */
export function lessonById(id: string): Lesson | undefined {
  return LESSONS.find((lesson) => lesson.id === id);
}
