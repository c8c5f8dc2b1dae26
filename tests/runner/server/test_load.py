"""A bounded load test: concurrent clients submit, read, list and cancel jobs on a rendering server.

Four clients, each its own user, send a fixed number of requests (the test
stops by itself); every answer must be below 500, and once the worker has
finished, every user's credits must be exactly the opening balance minus
50 for each completed job: nothing lost, nothing charged twice.
"""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from patience import HANG_S
from serving import SLEEP, Live, credits, wait_for

CLIENTS = 4
ROUNDS = 15  # per client: a submit, two status reads, a list, and a cancel every third round: 75 requests


@pytest.mark.slow
def test_no_5xx_and_no_credit_lost_or_charged_twice(working: Live) -> None:
    users = {f"user{i}": working.key(f"user{i}") for i in range(CLIENTS)}
    opening = {user: credits(working, headers) for user, headers in users.items()}
    statuses: Counter[int] = Counter()
    submitted: dict[str, list[str]] = {user: [] for user in users}
    lock = threading.Lock()
    bad: list[str] = []

    def client(user: str) -> None:
        headers = users[user]
        for n in range(ROUNDS):
            answers = []
            r = working.client.post(SLEEP, json={"seconds": 0.05, "colour": f"#{n:02x}0000"}, headers=headers)
            answers.append(r)
            if r.status_code == 201:
                job_id = r.json()["job_id"]
                submitted[user].append(job_id)
                answers += [working.client.get(f"/v1/videos/{job_id}", headers=headers) for _ in range(2)]
                if n % 3 == 0:
                    answers.append(working.client.post(f"/v1/videos/{job_id}/cancel", headers=headers))
            answers.append(working.client.get("/v1/videos?limit=5", headers=headers))
            with lock:
                statuses.update(a.status_code for a in answers)
                bad.extend(a.text for a in answers if a.status_code >= 500)

    threads = [threading.Thread(target=client, args=(user,)) for user in users]
    for t in threads:
        t.start()
    for t in threads:
        t.join(HANG_S)
    assert not any(t.is_alive() for t in threads)
    assert all(code < 500 for code in statuses), (statuses, bad)
    assert statuses[201] == CLIENTS * ROUNDS
    for user, headers in users.items():
        ends = Counter(wait_for(working, job_id, headers)["status"] for job_id in submitted[user])
        assert ends["completed"] + ends["canceled"] == ROUNDS and not ends["failed"], ends
        assert credits(working, headers) == opening[user] - 50 * ends["completed"], (user, ends)
