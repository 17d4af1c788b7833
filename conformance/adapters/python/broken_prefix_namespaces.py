#!/usr/bin/env python3
"""A deliberately broken adapter: users are matched as namespace prefixes, so "acme" reads "acme-corp".
The suite names the rule it breaks: exactKeys."""
from adapter import Store, main


class PrefixStore(Store):
    def same_user(self, item, user):
        # The mistake: a key-prefix scan ("acme*") instead of an exact match.
        return item["user"] is not None and item["user"].startswith(user)


if __name__ == "__main__":
    main(PrefixStore)
