#!/usr/bin/env python3
"""Record the seed router's outputs for the TypeScript port's tests.

Usage: python3 seed_cases.py DIR_WITH_memory_router.py > seed-cases.json
(memory_router.py is the seed 003 source, unchanged.)
"""
import json
import sys
from dataclasses import asdict

sys.path.insert(0, sys.argv[1])
from memory_router import Memory, MemoryRouter, example_router, normalize, token_score  # noqa: E402

TEXTS = [
    "", " ", "Release  checklists\trequire\nrollback evidence.", "A\x1cB\x1dC\x1eD\x1fE", "x\x85y\u00a0z\u3000w",
    "zero\ufeffwidth", "ΑΣ ΑΣ. Σ", "İstanbul ǅ ß", "\u212aelvin K", "snake_case and-dash 42x", "١٢٣ 123",
    "Private canary: cedar-lantern.", "CEDAR lantern", "  leading and trailing  ", "tab\tand\u2028line",
]
QUERIES = ["cedar lantern", "rollback evidence", "", "!!!", "Rollback rollback ROLLBACK", "kelvin", "istanbul", "the a"]


def recall_json(router, context, query, limit):
    try:
        return {"output": json.dumps([asdict(r) for r in router.recall(context, query, limit)], indent=2, sort_keys=True)}
    except ValueError as error:
        return {"error": str(error)}


def tricky_router():
    contexts = {
        "both": {"context_id": "both", "read_banks": ["general", "private"], "write_bank": "private"},
        "bad-read": {"read_banks": ["general", "secret", "archive"]},
        "bad-write": {"context_id": "bw", "write_bank": "archive"},
        "empty-write": {"context_id": "ew", "write_bank": ""},
        "no-id": {"write_bank": "deny"},
    }
    general = [Memory(f"g-{i:02d}", text, f"src-g{i}") for i, text in enumerate(TEXTS)]
    private = [Memory(f"p-{i:02d}", text, f"src-p{i}") for i, text in enumerate(reversed(TEXTS))]
    private.append(Memory("B-upper", "cedar LANTERN", "src-b"))
    private.append(Memory("a-lower", "lantern cedar", "src-a"))
    private.append(Memory("é-accent", "cedar é", "src-e"))
    private.append(Memory("\U0001f600-emoji", "cedar emoji", "src-emoji"))
    private.append(Memory("\uff5e-fullwidth", "cedar fullwidth", "src-fw"))
    return MemoryRouter(contexts, {"general": general, "private": private})


TRICKY = tricky_router()
cases = {
    "tricky_router": {
        "contexts": TRICKY.contexts,
        "banks": {bank: [asdict(m) for m in memories] for bank, memories in TRICKY.banks.items()},
    },
    "normalize": [[text, normalize(text)] for text in TEXTS],
    "score": [[q, text, token_score(q, text)] for q in QUERIES for text in TEXTS],
    "example": [],
    "tricky": [],
    "remember": [],
}
for context in ["unknown", "general-room", "private-room"]:
    for query in QUERIES:
        for limit in [5, 1, 0]:
            cases["example"].append([context, query, limit, recall_json(example_router(), context, query, limit)])
for context in ["both", "bad-read", "unknown"]:
    for query in QUERIES:
        for limit in [3, 50]:
            cases["tricky"].append([context, query, limit, recall_json(tricky_router(), context, query, limit)])
for context in ["both", "bad-write", "empty-write", "no-id", "unknown", "general-room", "private-room"]:
    router = tricky_router() if context not in ("general-room", "private-room") else example_router()
    try:
        cases["remember"].append([context, {"result": router.remember(context, Memory("m", "c", "s"))}])
    except ValueError as error:
        cases["remember"].append([context, {"error": str(error)}])
try:
    example_router().replace_bank("archive", [])
except ValueError as error:
    cases["replace_error"] = str(error)
FLOATS = [k / n for n in range(1, 31) for k in range(0, n + 1)] + [
    1e-4, 1e-5, 1.5e-7, 5e-324, 1e15, 1e16, 1.5e16, 123456789012345678.0, 1.7976931348623157e308, -0.0, -2.5, -1e-9, 0.1 + 0.2,
]
# Each float as a JSON number (which reads back exactly) and as repr(), which json.dumps writes.
cases["floats"] = [[x, repr(x)] for x in sorted(set(FLOATS))] + [[-0.0, repr(-0.0)]]
print(json.dumps(cases, indent=1))
