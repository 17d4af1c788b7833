#!/usr/bin/env python3
"""The seed lab's store as it is: it has no system import and no forget_user. It says so
({"unsupported": true}), and the suite reports the rules only those operations check as n/a:

    npm run --silent conform -- --exec "python3 conformance/adapters/python/seed_store.py"

exits 0; with --require-all, exits 1."""
from adapter import Store, Unsupported, main


class SeedStore(Store):
    def import_item(self, item_id, text):
        raise Unsupported()

    def forget_user(self, user):
        raise Unsupported()


if __name__ == "__main__":
    main(SeedStore)
