#!/usr/bin/env python3
"""A deliberately broken adapter: the session (the task) is taken as the user, so whoever shares a task
ID shares items, and a user's own notes stay behind in the old task. The suite names userCheck."""
from adapter import Store, main


class SessionStore(Store):
    def principal(self, as_):
        user, task, agent = super().principal(as_)
        # The mistake: the session's ID stands in for the user.
        return task, task, agent


if __name__ == "__main__":
    main(SessionStore)
