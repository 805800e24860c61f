"""Actions and how each delivers an answer."""

from __future__ import annotations

from grounding_sidecar.decision import Action, Delivery, delivery_for


def test_delivery_modes() -> None:
    assert delivery_for(Action.LOG, streaming=False) is Delivery.DEFERRED
    assert delivery_for(Action.BLOCK, streaming=True) is Delivery.DEFERRED
    assert delivery_for(Action.LOG, streaming=True) is Delivery.IMMEDIATE
    assert delivery_for(Action.FLAG, streaming=True) is Delivery.IMMEDIATE
