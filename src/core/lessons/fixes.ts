/**
 * Each lesson's incident and how it was, or is to be, fixed, in one sentence: what a learner reads
 * after a task is met, beside the lesson's rule and its incident's public records (catalogue.ts links).
 */
export const FIXES: Readonly<Record<string, string>> = {
  'seed-alice-bob':
    'Build every request from the items the asking user, task and agent may read, before ranking by words.',
  'router-authorize-before-ranking':
    "The fix checks the asking user's id against each memory's owner before anything is handed on; the router of seed 003 chooses the readable banks before it scores.",
  'memtool-session-scope':
    'Take the user and organisation from the session, never from tool arguments, and resolve a path (links included) before checking it against the session root.',
  attacks:
    'Take scope keys from the principal, escape item text, check that a sender may read what it hands off, make a handoff all or nothing, and check duplicate IDs per user.',
  'mem0-metadata-user-id': 'File a memory under the authenticated caller, and ignore an owner named in its metadata.',
  'mem0-same-id-other-user':
    "Look a memory up by its ID and its user together, so one user's update never reaches another's.",
  'empty-allow-list': 'Treat an empty allow list as "nothing is allowed", never as "no filter".',
  'no-group-means-every-group': 'Refuse a search that names no group, instead of searching every group.',
  'shared-filter-state': "Build each query's filter for its own call, and keep none of it in shared state.",
  'cache-without-user': "Key the cache by the user as well as the question, so one user's answer is never another's.",
  'deletion-residue':
    'Invalidate the query cache on every delete, or key it by the store version, so deleted memories stop being served.',
  'handoff-whole-history':
    'Give every handoff an input filter that passes a brief and the chosen items, not the whole history.',
  'namespace-prefix':
    "The fix escapes the prefix in LIKE and compares namespace segments whole, so one namespace never matches another's.",
  'one-path-forgot-the-filter':
    'The fix applies the group filter to nodes as well as edges: every path that reads the store filters the same way.',
  'ownerless-rows': 'Backfill the owner of old rows, and until then let a row without an owner match nobody.',
  'scoped-delete':
    "Delete only the user's own memories, never the whole collection, and test that other users' memories remain.",
  'semantic-cache-tag': 'Partition the semantic cache by user or tenant, never by a tag written into the question.',
  'vector-filter-after-scan':
    "Turn on pgvector 0.8's iterative index scans (hnsw.iterative_scan), or filter with an exact scan, instead of raising ef_search.",
};
