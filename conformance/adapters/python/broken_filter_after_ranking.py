#!/usr/bin/env python3
"""A deliberately broken adapter: every user's items are ranked for the question, the best three kept,
and only then filtered, so the scorer sees everything and a user gets fewer items than they should.
The suite names authorizeBeforeRanking."""
import re

from adapter import Store, main


def words(text):
    return set(re.findall(r"[a-z0-9]+", text.lower()))


class RankFirstStore(Store):
    def visible(self, principal, question):
        asked = words(question)
        scored = [(len(asked & words(i["text"])), n, i) for n, i in enumerate(self.items)]
        best = [i for score, n, i in sorted(scored, key=lambda s: (-s[0], s[2]["id"])) if score > 0][:3]
        # The mistake: authorization after ranking.
        return [i for i in best if self.readable(i, principal)]


if __name__ == "__main__":
    main(RankFirstStore)
