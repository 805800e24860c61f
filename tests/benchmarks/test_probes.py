"""The probes' shared parts: a one-claim case labelled as asked, and a tally that counts
swaps caught and restatements passed apart."""

from __future__ import annotations

from benchmarks.probes import (
    PARTS,
    Page,
    Tally,
    cases_in_part,
    in_part,
    one_claim_case,
    page_cases,
    part_at,
    probe_grader,
    tally_of,
)


def test_a_one_claim_case_is_one_labelled_claim_over_the_whole_answer() -> None:
    case = one_claim_case(
        "x:1", "The shop opens at 9 AM.", "The shop opens at 10 AM.", "contradictory"
    )
    (claim,) = case.claims
    assert claim.span == (0, len(case.case.answer))
    assert claim.verdict.value == "contradictory"
    assert case.response is not None and case.response.value == "fail"


def test_the_tally_counts_swaps_and_restatements_apart() -> None:
    tally = Tally()
    tally.add(swap=True, failed=True)
    tally.add(swap=True, failed=False)
    tally.add(swap=False, failed=False)
    assert (tally.caught, tally.swaps, tally.passed, tally.restatements) == (1, 2, 1, 1)


def test_a_tally_includes_another_field_by_field() -> None:
    total, group = Tally(1, 1, 2, 1), Tally(2, 0, 1, 1)
    total.include(group)
    assert total == Tally(swaps=3, caught=1, restatements=3, passed=2)


def test_a_tally_of_cases_counts_what_the_grader_fails_and_passes() -> None:
    source = "Refunds are issued within 30 days of the return."
    cases = [
        one_claim_case(
            "a", source, "Refunds are issued within 30 days of the return.", "supported"
        ),
        one_claim_case(
            "b", source, "Refunds are issued within 90 days of the return.", "contradictory"
        ),
    ]
    assert tally_of(probe_grader("hash"), cases) == Tally(1, 1, 1, 1)


def test_the_groups_of_a_parted_probe_alternate_from_the_studied_part() -> None:
    assert [part_at(i) for i in range(4)] == [PARTS[0], PARTS[1], PARTS[0], PARTS[1]]
    assert PARTS == ("studied", "held out")


def test_a_part_holds_every_other_group_in_the_order_written() -> None:
    pages = [Page(f"p{n}", "text", (), ()) for n in range(5)]
    assert [p.name for p in in_part(pages, "studied")] == ["p0", "p2", "p4"]
    assert [p.name for p in in_part(pages, "held out")] == ["p1", "p3"]


def test_a_pages_cases_are_its_restatements_then_its_flips() -> None:
    page = Page(
        "refunds", "Refunds take 30 days.", ("Refunds take a month.",), ("Refunds take 9 days.",)
    )
    cases = page_cases(page)
    assert [case.case.raw["id"] for case in cases] == ["refunds:0", "refunds:1"]
    assert [case.claims[0].verdict.value for case in cases] == ["supported", "contradictory"]


def test_the_cases_in_a_part_are_those_of_its_groups_in_order() -> None:
    pages = [
        Page(f"p{i}", f"Refunds take {i} days.", (f"Refunds take {i} days.",), ()) for i in range(4)
    ]
    studied = cases_in_part(pages, "studied", page_cases)
    assert [case.case.raw["id"] for case in studied] == ["p0:0", "p2:0"]
