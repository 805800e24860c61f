"""Names written with a symbol: found as one name, in claims and in sources."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.symbol_names import (
    find_symbol_names,
    is_symbol_name,
    symbol_names_in,
)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Libraries for C#, C++ and F# ship.", ["C#", "C++", "F#"]),
        ("Write i++ in the loop.", []),  # code in prose: no capital first
        ("It supports C++17.", []),  # a version, not the name alone
        ("No symbol here.", []),
    ],
)
def test_names_are_found_with_their_symbol(text: str, names: list[str]) -> None:
    assert [match.group() for match in find_symbol_names(text)] == names


def test_a_source_holds_them_in_any_case() -> None:
    assert symbol_names_in("ships c# and C++ libraries") == {"c#", "c++"}
    assert symbol_names_in("ships C libraries") == frozenset()


def test_a_surface_is_one_name_only_whole() -> None:
    assert is_symbol_name("C#")
    assert not is_symbol_name("C# and Java")
    assert not is_symbol_name("Java")
