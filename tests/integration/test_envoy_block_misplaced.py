"""No way around BLOCK by mixing up the sources' facts: an answer that gives the
refund the return window's days states only values the sources hold, and is refused;
the same answer with the right value is delivered (docs/detection.md#misplaced-details).
So with a plan's price given to another plan the sources name
(docs/detection.md#swapped-words)."""

from __future__ import annotations

import json

from .harness import Stack, chat, sse_events, stream_text

POLICY = (
    "Drop the parcel at any post office within 30 days of delivery. Refunds are issued "
    "to the original payment method within 5 business days after the parcel arrives at "
    "our warehouse."
)
RIGHT = "Refunds are issued within 5 business days after the parcel arrives at our warehouse."
MIXED_UP = "Refunds are issued within 30 days after the parcel arrives at our warehouse."


def test_a_value_bound_to_the_wrong_fact_is_refused_and_the_right_one_delivered(
    stack: Stack,
) -> None:
    request = chat(sources=(POLICY,))
    mixed_up = {"x-workspace-id": "block", "x-mock-answer-json": json.dumps(MIXED_UP)}
    refused = stack.post(request, mixed_up)
    assert refused.status == 403
    assert refused.json()["error"]["code"] == "hallucination_detected"
    streamed, _ = stack.stream(chat(sources=(POLICY,), stream=True), mixed_up)
    assert stream_text(streamed.body) == ""
    assert json.loads(sse_events(streamed.body)[0])["choices"][0]["finish_reason"] == (
        "content_filter"
    )
    right = {"x-workspace-id": "block", "x-mock-answer-json": json.dumps(RIGHT)}
    delivered = stack.post(request, right)
    assert delivered.status == 200
    assert delivered.headers["x-grounding-verdict"] == "pass"
    assert RIGHT in delivered.json()["choices"][0]["message"]["content"]


PLANS = (
    "The Team plan costs $12 per user per month, billed annually. The Business plan adds "
    "single sign-on and audit logs for $24 per user per month."
)


def test_a_price_given_to_another_plan_is_refused_and_the_right_plan_delivered(
    stack: Stack,
) -> None:
    request = chat(sources=(PLANS,))
    swapped = "The Business plan costs $12 per user per month."
    headers = {"x-workspace-id": "block", "x-mock-answer-json": json.dumps(swapped)}
    refused = stack.post(request, headers)
    assert refused.status == 403
    assert refused.json()["error"]["code"] == "hallucination_detected"
    right = "The Team plan costs $12 per user per month."
    headers = {"x-workspace-id": "block", "x-mock-answer-json": json.dumps(right)}
    delivered = stack.post(request, headers)
    assert delivered.status == 200
    assert delivered.headers["x-grounding-verdict"] == "pass"
