"""Work done ahead of a check (sources at request time, settled sentences while a stream
arrives) saves model runs and never changes the result, whatever the chunking."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_sidecar.detection import CheckMemo, Grader, HashEmbedder
from grounding_sidecar.detection.contract import CheckResult, ClaimPolicy
from grounding_sidecar.detection.grading import incremental
from grounding_sidecar.detection.judging.evidence import ClaimEvidence
from grounding_sidecar.detection.judging.judgement import Judgement
from grounding_sidecar.detection.judging.judges import CalibratedJudge, CosineJudge, Judge
from grounding_sidecar.detection.text.sentences import settled_prefix
from tests.detection.test_memo import SENTENCES, SOURCES, comparable, make_grader


@settings(max_examples=60, deadline=None)
@given(
    picks=st.lists(st.integers(0, len(SENTENCES) - 1), min_size=1, max_size=8),
    separators=st.lists(st.sampled_from([" ", "\n", "\n\n"]), min_size=8, max_size=8),
    cuts=st.lists(st.integers(0, 10_000), max_size=12),
    policy=st.sampled_from(list(ClaimPolicy)),
)
def test_any_chunking_gives_the_whole_answers_result(
    picks: list[int], separators: list[str], cuts: list[int], policy: ClaimPolicy
) -> None:
    answer = "".join(SENTENCES[p] + separators[i] for i, p in enumerate(picks)).rstrip()
    whole = make_grader()[0].check(answer, SOURCES, policy=policy)
    grader = make_grader()[0]
    memo = CheckMemo()
    grader.prepare_sources(SOURCES, memo, policy=policy)
    covered = 0
    for cut in sorted({c % (len(answer) + 1) for c in cuts}):
        covered = grader.prepare_answer(answer[:cut], SOURCES, memo, covered=covered, policy=policy)
    assert comparable(grader.check(answer, SOURCES, policy=policy, memo=memo)) == comparable(whole)


def test_the_final_check_computes_only_what_is_new() -> None:
    grader, claims, passages, verifier = make_grader()
    answer = " ".join(SENTENCES[:4])
    memo = CheckMemo()
    grader.prepare_sources(SOURCES, memo)
    source_runs = list(passages.texts)
    # The stream so far ends inside the last sentence, which may still grow.
    covered = grader.prepare_answer(answer[:-10], SOURCES, memo)
    assert covered == answer.index(SENTENCES[3])
    claims.texts.clear()
    verifier.batches.clear()
    result = grader.check(answer, SOURCES, memo=memo)
    assert passages.texts == source_runs  # every passage embedded once, at request time
    assert claims.texts == [SENTENCES[3]]
    assert [claim for batch in verifier.batches for _, claim in batch] == [SENTENCES[3]]
    assert len(result.claims) == 4


def test_a_last_sentence_that_ends_like_one_is_read_ahead() -> None:
    grader, claims, _, verifier = make_grader()
    answer = " ".join(SENTENCES[:4])
    memo = CheckMemo()
    grader.prepare_sources(SOURCES, memo)
    covered = grader.prepare_answer(answer, SOURCES, memo)
    assert covered == answer.index(SENTENCES[3])  # still not settled: only read ahead
    assert claims.texts[-1] == SENTENCES[3]
    claims.texts.clear()
    verifier.batches.clear()
    result = grader.check(answer, SOURCES, memo=memo)
    # After the last byte nothing is left to embed or verify.
    assert claims.texts == [] and verifier.batches == []
    assert len(result.claims) == 4


def test_the_final_check_judges_only_claims_no_step_judged(monkeypatch: Any) -> None:
    judged: list[str] = []
    for judge_type in (CosineJudge, CalibratedJudge):
        monkeypatch.setattr(judge_type, "judge", _recording(judge_type.judge, judged))
    grader = make_grader()[0]
    answer = " ".join(SENTENCES[:4])
    memo = CheckMemo()
    grader.prepare_sources(SOURCES, memo)
    grader.prepare_answer(answer[:-10], SOURCES, memo)  # the last sentence still arrives
    assert judged == SENTENCES[:3] and memo.sizes[3] == 3
    judged.clear()
    result = grader.check(answer, SOURCES, memo=memo)
    assert judged == [SENTENCES[3]]
    assert comparable(result) == comparable(make_grader()[0].check(answer, SOURCES))


def _recording(judge: Callable[..., Judgement], judged: list[str]) -> Callable[..., Judgement]:
    def recording(self: Judge, evidence: ClaimEvidence, verification: Any = None) -> Judgement:
        judged.append(evidence.claim)
        return judge(self, evidence, verification)

    return recording


def test_a_sentence_read_ahead_is_not_checked_again_when_it_settles(monkeypatch: Any) -> None:
    checked: list[str] = []
    check = Grader.check

    def recording(self: Grader, answer: str, *args: Any, **kwargs: Any) -> CheckResult:
        checked.append(answer)
        return check(self, answer, *args, **kwargs)

    monkeypatch.setattr(Grader, "check", recording)
    grader, memo = make_grader()[0], CheckMemo()
    covered = grader.prepare_answer(SENTENCES[0], SOURCES, memo)  # read ahead
    grader.prepare_answer(f"{SENTENCES[0]} Refunds", SOURCES, memo, covered=covered)
    assert checked == [SENTENCES[0]]


def test_a_step_splits_only_the_text_past_what_it_covered(monkeypatch: Any) -> None:
    # A stream of tokens steps once a token: a step that split the whole answer so far
    # would cost more with every token.
    split: list[str] = []
    monkeypatch.setattr(incremental, "settled_prefix", _recording_prefix(split))
    grader, memo = make_grader()[0], CheckMemo()
    answer = " ".join(SENTENCES[:3])
    covered = 0
    for end in range(len(SENTENCES[0]), len(answer) + 1, 7):
        covered = grader.prepare_answer(answer[:end], SOURCES, memo, covered=covered)
    assert covered == answer.index(SENTENCES[2])
    assert not any(text.startswith(SENTENCES[0]) for text in split[-3:])
    assert max(map(len, split)) < len(SENTENCES[0]) + len(SENTENCES[1]) + 8


def _recording_prefix(split: list[str]) -> Callable[[str], str]:
    def recording(text: str) -> str:
        split.append(text)
        return settled_prefix(text)

    return recording


def test_a_sentence_still_arriving_is_not_read_ahead() -> None:
    grader, claims, _, _ = make_grader()
    memo = CheckMemo()
    grader.prepare_answer(f"{SENTENCES[0]} Refunds are issued", SOURCES, memo)
    assert claims.texts == [SENTENCES[0]]


def test_prepare_answer_skips_what_it_covered() -> None:
    grader, claims, _, _ = make_grader()
    memo = CheckMemo()
    partial = f"{SENTENCES[0]} {SENTENCES[2]} Ret"
    covered = grader.prepare_answer(partial, SOURCES, memo)
    claims.texts.clear()
    assert grader.prepare_answer(partial + "urns", SOURCES, memo, covered=covered) == covered
    assert claims.texts == []


def test_settled_prefix_holds_back_the_last_sentence() -> None:
    assert settled_prefix("One sentence here. Another one is still") == "One sentence here. "
    assert settled_prefix("No boundary yet") == ""
    assert settled_prefix("# Heading\nFirst line. Sec") == "# Heading\nFirst line. "
    # "3.5" is one token: the dot in a number that is still arriving settles nothing.
    assert settled_prefix("The rate rose to 3.") == ""


def test_check_settled_grades_the_settled_prefix_from_its_start() -> None:
    grader, claims, _, _ = make_grader()
    memo = CheckMemo()
    assert grader.check_settled(SENTENCES[0], SOURCES, memo) is None  # may still grow
    assert claims.texts == [SENTENCES[0]]  # but read ahead into the memo
    partial = f"{SENTENCES[0]} {SENTENCES[2]} Ret"
    settled = grader.check_settled(partial, SOURCES, memo)
    assert settled is not None
    length, result = settled
    assert length == partial.index("Ret")
    whole = make_grader()[0].check(partial[:length], SOURCES)
    assert comparable(result) == comparable(whole)


def test_the_hash_embedder_without_a_verifier_reads_ahead_too() -> None:
    # Its embedding is cheap, but its judgement (the lexical rules) is not: read ahead,
    # the final check after the last byte finds it.
    memo = CheckMemo()
    grader = Grader(HashEmbedder())
    assert grader.is_cheap and grader.verifier is None
    grader.prepare_answer(SENTENCES[0], SOURCES, memo)
    assert memo.sizes[0] == 1 and memo.sizes[3] == 1
