"""Superlatives on a scale: the scale, the end and the phrase after "the <superlative>"."""

from __future__ import annotations

from grounding_sidecar.detection.text.superlatives import superlatives


def test_two_ends_of_one_scale_rank_the_same_thing() -> None:
    (tallest,) = superlatives("Etna is the tallest active volcano in Europe.")
    (smallest,) = superlatives("Etna is the smallest active volcano in Europe.")
    (largest,) = superlatives("Etna is the largest active volcano.")
    assert tallest.of_same(smallest) and tallest.end != smallest.end
    assert largest.of_same(tallest) and largest.end == tallest.end


def test_scales_and_phrases_keep_things_apart() -> None:
    (oldest,) = superlatives("It is the oldest bridge in town.")
    (smallest,) = superlatives("It is the smallest bridge in town.")
    (smallest_town,) = superlatives("It is the smallest town.")
    assert not oldest.of_same(smallest)  # age against size
    assert not smallest.of_same(smallest_town)  # a bridge against a town


def test_most_and_least_share_a_scale_only_with_their_next_word() -> None:
    (popular,) = superlatives("It is the most popular dish.")
    (unpopular,) = superlatives("It is the least popular dish.")
    (cheap,) = superlatives("It is the least expensive dish.")
    assert popular.of_same(unpopular) and popular.end != unpopular.end
    assert not popular.of_same(cheap)


def test_no_superlative_without_the_and_a_phrase() -> None:
    assert superlatives("Europe's tallest volcano.") == ()
    assert superlatives("It came in the last of the rounds.") == ()


def test_a_superlative_of_a_qualified_thing_ranks_another_thing() -> None:
    (smallest,) = superlatives("It is the smallest town.")
    (largest,) = superlatives("It is the largest market town.")
    assert not smallest.of_same(largest)


def test_an_ordinal_before_a_superlative_ranks_it_below_the_top() -> None:
    (second,) = superlatives("The Danube is Europe's second-longest river.")
    (third,) = superlatives("Lyon is the third largest city in France.")
    (top,) = superlatives("The Volga is the longest river in Europe.")
    assert (second.rank, second.surface, third.rank, top.rank) == (2, "second-longest", 3, 1)
    assert second.of_same(top) and second.end == top.end
    assert not second.same_end(top)  # another rank: no agreement
