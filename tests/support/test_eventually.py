"""The polling helper returns what the condition found, or fails saying what it awaited."""

from __future__ import annotations

import pytest

from tests.support.eventually import eventually


def test_returns_the_first_truthy_value() -> None:
    answers = iter([None, 0, "", {"trace": "abc"}, {"trace": "later"}])
    calls: list[int] = []

    def condition() -> dict[str, str] | int | str | None:
        calls.append(1)
        return next(answers)

    assert eventually(condition, interval=0) == {"trace": "abc"}
    assert len(calls) == 4  # stopped polling at the first truthy value


def test_a_condition_true_at_once_is_called_once() -> None:
    calls: list[int] = []

    def condition() -> bool:
        calls.append(1)
        return True

    assert eventually(condition) is True
    assert calls == [1]


def test_raises_on_timeout_naming_what_and_the_last_value() -> None:
    polls: list[int] = []

    def queued() -> list[str]:
        polls.append(1)
        return []

    with pytest.raises(AssertionError, match=r"waiting for the queue to drain; last value: \[\]"):
        eventually(queued, timeout=0.05, interval=0.001, what="the queue to drain")
    assert len(polls) >= 2  # it polled again before giving up


def test_without_what_the_message_names_the_condition() -> None:
    def never() -> None:
        return None

    with pytest.raises(AssertionError, match=r"waiting for <function .*never.*; last value: None"):
        eventually(never, timeout=0.0)


def test_an_exception_in_the_condition_propagates() -> None:
    def broken() -> None:
        raise KeyError("boom")

    with pytest.raises(KeyError, match="boom"):
        eventually(broken)
