"""Provably fair at a live table of the service (issue 33, item 8), on both stores: the public
view carries the commitment before the bets close and the reveal after the settlement, and the
two verify (paigow.table.fairness); the finished round's record verifies too."""

from __future__ import annotations

from typing import Any

import httpx

from paigow.table.fairness import verify, verify_round, verify_view
from serve_support import OPERATOR


def _ok(r: httpx.Response, status: int = 200) -> Any:
    assert r.status_code == status, r.text
    return r.json()


def test_the_commitment_before_the_bets_close_and_the_reveal_after(client: httpx.Client) -> None:
    t = _ok(client.post("/v1/tables", json={"public": True, "banker": 0}, headers=OPERATOR), 201)
    tid, auth = t["id"], {"Authorization": f"Bearer {t['token']}"}
    assert t["mode"] == "live"

    def act(**action: Any) -> Any:
        return _ok(client.post(f"/v1/tables/{tid}/actions", json=action, headers=auth))

    def public() -> dict[str, Any]:
        return _ok(client.get(f"/v1/tables/{tid}"))["round"]  # type: ignore[no-any-return]

    act(action="start_round", stake=1000)
    act(action="bet", position=1, amount=100)
    assert public()["commitment"] is None and public()["reveal"] is None
    out = act(action="shuffle")
    assert out["result"] is None
    seen = public()
    commitment = seen["commitment"]
    assert isinstance(commitment, str) and len(commitment) == 64 and seen["reveal"] is None
    assert not seen["frozen"]                      # published while the bets are open
    act(action="bet", position=3, amount=200)      # a bet after the commitment
    act(action="cut", position=3, k=2)
    act(action="declare", method="from the first stack")
    act(action="shake")
    assert public()["commitment"] == commitment and public()["reveal"] is None
    act(action="deal")
    for p in (1, 3, 0):
        act(action="set_hand", position=p, setting=0)
    assert public()["reveal"] is None
    act(action="settle")
    reveal = public()["reveal"]
    assert reveal["commitment"] == commitment
    assert verify(commitment, reveal["stacks"], bytes.fromhex(reveal["secret"]))
    act(action="end_round")
    shown = _ok(client.get(f"/v1/tables/{tid}/rounds/1"))            # as the table showed it
    assert shown["reveal"] == reveal
    assert verify_view(shown).ok, verify_view(shown).status   # as a player can, from what the table showed
    full = _ok(client.get(f"/v1/tables/{tid}/rounds/1", headers=auth))  # the round's record
    check = verify_round(full)
    assert check.ok, check.status
    assert [d.commitment for d in check.deals] == [commitment]
