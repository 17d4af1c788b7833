#!/usr/bin/env python3
"""A scoped context store as a conformance adapter, with no dependencies: copy it and replace the
Store class with calls to your own store (a database, a vector index, a memory API).

    npm run --silent conform -- --exec "python3 conformance/adapters/python/adapter.py"

It reads one JSON line at a time on standard input and answers each with one line:
{"ok": true}, {"error": "..."} or, for a query, {"items": [item IDs in request order]}. A store that
does not offer handoff, close_task, import or forget_user raises Unsupported there: the adapter answers
{"unsupported": true} and the suite reports the rules that need it as n/a (see seed_store.py).
"""
import json
import re
import sys

IDENTIFIER = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")
HANDOFF_BRIEF = re.compile(r"handoff-(\d+)-brief")


class Refused(Exception):
    """A step the store refuses; the message is not compared, only that there is one."""


class Unsupported(Exception):
    """An operation the store does not offer at all (handoff, close_task, import or forget_user)."""


def identifier(value, field):
    if not isinstance(value, str) or not IDENTIFIER.fullmatch(value):
        raise Refused(f"{field} must match {IDENTIFIER.pattern}")
    return value


class Store:
    def __init__(self, agents, configuration):
        self.agents = {a["name"]: a for a in agents}
        self.items = []  # in insertion order: dicts with id, scope, text, user, task, agent
        for entry in configuration:
            if any(item["id"] == entry["id"] for item in self.items):
                raise Refused(f"duplicate item id {entry['id']}")
            self.items.append(dict(id=identifier(entry["id"], "id"), scope="app", text=entry["text"], user=None, task=None, agent=None))

    # -- who is asking --------------------------------------------------------------------------
    def principal(self, as_):
        if not isinstance(as_, list) or len(as_) != 3:
            raise Refused('"as" must be [user, task, agent]')
        user, task, agent = (identifier(v, "principal") for v in as_)
        if agent not in self.agents:
            raise Refused(f"unknown agent {agent}")
        return user, task, agent

    # -- the read rule: keys from the principal, compared whole; the agent's declared reads ----------
    def same_user(self, item, user):
        return item["user"] == user

    def readable(self, item, principal):
        user, task, agent = principal
        if item["scope"] not in self.agents[agent]["reads"]:
            return False
        if item["scope"] == "app":
            return True
        if not self.same_user(item, user):
            return False
        if item["scope"] == "user":
            return True
        if item["task"] != task:
            return False
        return item["scope"] == "task" or item["agent"] == agent

    def visible(self, principal, question):
        return [item for item in self.items if self.readable(item, principal)]

    # -- writes ---------------------------------------------------------------------------------
    def prepare(self, principal, scope, item_id, text):
        user, task, agent = principal
        if scope not in ("user", "task", "agent"):
            raise Refused("principals write user, task or agent items; app items come from configuration")
        identifier(item_id, "item.id")
        # Unique among app items and this user's own: an error never reveals another user's item.
        if any(i["id"] == item_id and i["user"] in (None, user) for i in self.items):
            raise Refused(f"duplicate item id {item_id}")
        if not isinstance(text, str) or not text.strip():
            raise Refused("item text must be nonblank")
        return dict(id=item_id, scope=scope, text=text, user=user,
                    task=task if scope in ("task", "agent") else None, agent=agent if scope == "agent" else None)

    def write(self, as_, scope, item_id, text):
        if isinstance(item_id, str) and item_id.startswith("handoff-"):
            raise Refused("item IDs starting with handoff- are reserved for handoffs")
        # Scope keys come from the principal: a "user_id" in the line is never read.
        self.items.append(self.prepare(self.principal(as_), scope, item_id, text))

    def handoff(self, as_, to, item_ids, brief):
        user, task, agent = sender = self.principal(as_)
        if "delegate" not in self.agents[agent]["tools"]:
            raise Refused(f"agent {agent} has no delegate tool")
        if to not in self.agents or to == agent:
            raise Refused("hand off to a different, configured agent")
        if len(set(item_ids)) != len(item_ids):
            raise Refused("handoff lists an item twice")
        sources = []
        for item_id in item_ids:
            found = [i for i in self.items if i["id"] == item_id and self.readable(i, sender)]
            if not found:
                raise Refused(f"sender cannot read {item_id}")
            sources.append(found[-1])
        numbers = [int(m.group(1)) for i in self.items if i["user"] == user for m in [HANDOFF_BRIEF.fullmatch(i["id"])] if m]
        n = max(numbers, default=0) + 1
        target = (user, task, to)
        # Every copy is checked before any is stored: a handoff is all or nothing.
        copies = [self.prepare(target, "agent", f"handoff-{n}-brief", brief)]
        copies += [self.prepare(target, "agent", f"handoff-{n}-item-{k}", s["text"]) for k, s in enumerate(sources, 1)]
        self.items.extend(copies)

    def close_task(self, user, task):
        self.items = [i for i in self.items if not (i["user"] == user and i["task"] == task)]

    def import_item(self, item_id, text):
        """A system import: a user item with no owner. It shares the app's IDs, and no user reads it."""
        if isinstance(item_id, str) and item_id.startswith("handoff-"):
            raise Refused("item IDs starting with handoff- are reserved for handoffs")
        identifier(item_id, "item.id")
        if any(i["id"] == item_id and i["user"] is None for i in self.items):
            raise Refused(f"duplicate item id {item_id}")
        if not isinstance(text, str) or not text.strip():
            raise Refused("item text must be nonblank")
        self.items.append(dict(id=item_id, scope="user", text=text, user=None, task=None, agent=None))

    def forget_user(self, user):
        """Delete this user's items, every scope and task, and nobody else's."""
        self.items = [i for i in self.items if i["user"] != user or i["scope"] == "app"]


def answer(store, line):
    op = line.get("op")
    if op == "write":
        store.write(line["as"], line["scope"], line["id"], line["text"])
    elif op == "handoff":
        store.handoff(line["as"], line["to"], line["items"], line["brief"])
    elif op == "close_task":
        store.close_task(line["user"], line["task"])
    elif op == "import":
        store.import_item(line["id"], line["text"])
    elif op == "forget_user":
        store.forget_user(line["user"])
    elif op == "query":
        return {"items": [i["id"] for i in store.visible(store.principal(line["as"]), line["current"])]}
    else:
        raise Refused(f"unknown op {op!r}")
    return {"ok": True}


def main(store_class=Store):
    store = None
    for text in sys.stdin:
        line = json.loads(text)
        try:
            if line["op"] == "reset":
                store = store_class(line["agents"], line["configuration"])
                reply = {"ok": True}
            elif line["op"] == "end":
                print(json.dumps({"ok": True}), flush=True)
                return
            else:
                reply = answer(store, line)
        except Refused as refused:
            reply = {"error": str(refused)}
        except Unsupported:
            reply = {"unsupported": True}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
