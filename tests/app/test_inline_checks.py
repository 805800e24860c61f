"""Inline checks, the request path's shortcut: a tiny check runs on the event loop and
gives the same answer as the worker pool it skips."""

from __future__ import annotations

import threading
from collections.abc import Sequence

from grounding_sidecar.app.checks import CheckRunner
from grounding_sidecar.app.wiring import INLINE_CHECK_MAX_CHARS, Detection
from grounding_sidecar.decision import GroundingPolicy, Unchecked
from grounding_sidecar.detection import Grader, HashEmbedder
from grounding_sidecar.detection.embedding.pipeline.batching import MicroBatcher
from tests.support.fake_detectors import GRADER, FakeDetector
from tests.support.runner import run_closing

SOURCE = "The Eiffel Tower is located in Paris and was completed in 1889."
ANSWER = "The Eiffel Tower is located in Paris."


def run_check(
    runner: CheckRunner,
    answer: str,
    sources: Sequence[str],
    policy: GroundingPolicy | None = None,
) -> tuple[Unchecked | None, str | None, bool]:
    """(unchecked, verdict, ran on the loop's thread)."""
    detector = runner.detector
    assert isinstance(detector, FakeDetector)

    async def scenario() -> tuple[Unchecked | None, str | None, bool]:
        outcome = await runner.run(answer, sources, policy or GroundingPolicy(enabled=True))
        result = outcome.result
        verdict = result.verdict.value if result is not None else None
        return outcome.unchecked, verdict, detector.threads[-1] == threading.get_ident()

    return run_closing(runner, scenario)


def test_small_checks_run_inline_and_larger_ones_in_the_pool() -> None:
    size = len(ANSWER) + len(SOURCE)
    inline = CheckRunner(FakeDetector(), deadline_seconds=5, inline_max_chars=size)
    assert run_check(inline, ANSWER, [SOURCE]) == (None, "pass", True)
    pooled = CheckRunner(FakeDetector(), deadline_seconds=5, inline_max_chars=size - 1)
    assert run_check(pooled, ANSWER, [SOURCE]) == (None, "pass", False)
    never = CheckRunner(FakeDetector(), deadline_seconds=5)  # the default: off
    assert run_check(never, "", [])[2] is False


def test_the_inline_size_counts_what_the_detector_reads() -> None:
    size = len(ANSWER) + len(SOURCE)
    one_source = GroundingPolicy(enabled=True, max_sources=1)
    runner = CheckRunner(FakeDetector(), deadline_seconds=5, inline_max_chars=size)
    # Sources past max_sources are dropped by the detector: they do not count.
    assert run_check(runner, ANSWER, [SOURCE, "x" * 10_000], one_source)[2] is True
    with_references = GroundingPolicy(enabled=True, references=("an approved passage",))
    runner = CheckRunner(FakeDetector(), deadline_seconds=5, inline_max_chars=size)
    assert run_check(runner, ANSWER, [SOURCE], with_references)[2] is False


def test_an_inline_check_over_the_deadline_is_a_missed_deadline() -> None:
    runner = CheckRunner(FakeDetector(sleep=0.05), deadline_seconds=0.01, inline_max_chars=10**6)
    assert run_check(runner, ANSWER, [SOURCE]) == (Unchecked.DEADLINE_MISSED, None, True)


def test_an_inline_check_that_raises_is_a_failed_check() -> None:
    runner = CheckRunner(FakeDetector(fail=True), deadline_seconds=5, inline_max_chars=10**6)
    assert run_check(runner, ANSWER, [SOURCE]) == (Unchecked.CHECK_FAILED, None, True)


def test_only_a_detector_that_declares_itself_cheap_runs_inline() -> None:
    assert Detection(GRADER).inline_max_chars == INLINE_CHECK_MAX_CHARS  # the hash grader
    assert Detection(FakeDetector(cheap=True)).inline_max_chars == INLINE_CHECK_MAX_CHARS
    assert Detection(FakeDetector()).inline_max_chars == 0  # any other detector: the pool
    assert Detection(None).inline_max_chars == 0


def test_a_grader_with_any_model_backed_embedder_is_not_inline() -> None:
    with MicroBatcher(HashEmbedder(), max_wait=0.0) as queued:  # a queue hop is not cheap
        assert Detection(Grader(queued)).inline_max_chars == 0
        assert Detection(Grader(HashEmbedder(), passage_embedder=queued)).inline_max_chars == 0
