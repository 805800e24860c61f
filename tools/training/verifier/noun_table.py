"""The nouns of the contrast table (contrast_table.py): each noun WordNet uses mostly as a
noun, with its most frequent sense's kinds, how many kinds of thing it heads, all its
senses and their hypernyms, and its depth; and, apart, the nouns used more often
otherwise ("drill", "duck"), read as nouns only in a noun's place.  The run time reads
them in detection/text/noun_kinds.py.  Read from Debian's `wordnet-base`.
"""

from __future__ import annotations

from pathlib import Path

from grounding_sidecar.detection.text.words import STOPWORDS
from tools.training.verifier.wordnet import (
    TOO_ABSTRACT,
    Synset,
    exceptions,
    first_senses,
    read_index,
)

Synsets = dict[tuple[str, str], Synset]
# Lemma -> part of speech -> (its senses tagged in the sense-tagged corpus, its senses).
_Tagged = dict[str, dict[str, tuple[int, int]]]

# A noun's kinds are its most frequent sense's hypernyms up to KIND_HOPS links up,
# each at least KIND_MIN_DEPTH links below WordNet's root and over at most
# KIND_MAX_NOUNS nouns: "room" (kitchen, bedroom) and "musical instrument" (piano,
# violin, three links up) are kinds, "artifact" and "whole" are not.  Chosen so that
# everyday swaps the verifier's training never saw (rooms, drinks, instruments,
# fruit, sports, vehicles) are named while the kinds stay specific
# (docs/verifier.md#explained-contradictions).
KIND_HOPS = 3
KIND_MIN_DEPTH = 5
KIND_MAX_NOUNS = 500


def noun_kinds(
    directory: Path, synsets: Synsets
) -> tuple[dict[str, list[object]], dict[str, list[object]]]:
    """Each single-word lemma used mostly as a noun (`_mostly_nouns`, bar stopwords)
    with its most frequent sense: `[synset, [its hypernyms up to KIND_HOPS links],
    [those that are kinds], how many kinds of thing it heads within KIND_HOPS links
    (`_kinds_below`), [the synsets of all its noun senses], [their hypernyms up to
    KIND_HOPS links], its depth (the longest path of links to WordNet's root)]`,
    synsets as WordNet offsets.  An irregular plural ("mice") has its lemma's entry,
    and so does the regular plural of a noun left out as a verb's form ("roses",
    `_plural_nouns`).  The run time reads two nouns as a contrast when they share a
    kind and neither is the other's hypernym in any sense
    (detection/text/noun_kinds.py).
    Second, the same entries, from their most frequent noun sense, for the other
    single-word lemmas WordNet has as nouns ("drill", "duck", "contract", "saw"):
    words used more often as verbs, which the run time reads as nouns only where the
    sentence makes them one (`ContrastTable.replaces_in_noun_slot`).  Kinds and the
    counts of nouns below are those of the first set alone, so they stay what the
    first set alone gives."""
    hypernyms = _hypernyms(synsets, ("@", "@i"))
    depth = _depths(hypernyms)
    # A noun's place in the hierarchy by its longest path: "dog" is a "domestic
    # animal" (8 links from the root) and a "canine" (13), as deep as "cat".
    height = _depths(hypernyms, deepest=True)
    # WordNet's index and exception lists, read once for both readings of them.
    tagged, inflected = _tagged(directory), _irregular_forms(directory)
    nouns = _mostly_nouns(tagged, inflected)
    senses = first_senses(directory)
    words = {
        lemma: keys
        for lemma, keys in senses.items()
        if lemma.isalpha() and len(lemma) > 2 and lemma not in STOPWORDS
    }
    first = {
        lemma: keys[0]
        for lemma, keys in words.items()
        if keys and keys[0][1] == "n" and lemma in nouns
    }
    slot = {
        lemma: next(key for key in keys if key[1] == "n")
        for lemma, keys in words.items()
        if lemma not in first and any(pos == "n" for _, pos in keys)
    }
    above = {lemma: _ancestors(key, hypernyms) for lemma, key in first.items()}
    members: dict[tuple[str, str], int] = {}
    for ancestors in above.values():
        for ancestor in ancestors:
            members[ancestor] = members.get(ancestor, 0) + 1
    kinds_below = _kinds_below(first, _hypernyms(synsets, ("@",)))

    def is_kind(key: tuple[str, str]) -> bool:
        return (
            depth[key] >= KIND_MIN_DEPTH
            and members.get(key, 0) <= KIND_MAX_NOUNS
            and not set(synsets[key].words) & TOO_ABSTRACT
        )

    def entry(lemma: str, key: tuple[str, str], ancestors: set[tuple[str, str]]) -> list[object]:
        return [
            int(key[0]),
            sorted(int(offset) for offset, _ in ancestors),
            sorted(int(offset) for offset, _ in ancestors if is_kind((offset, "n"))),
            kinds_below.get(key, 0),
            sorted(int(offset) for offset, pos in senses[lemma] if pos == "n"),
            sorted(
                {
                    int(offset)
                    for sense in senses[lemma]
                    if sense[1] == "n"
                    for offset, _ in _ancestors(sense, hypernyms)
                }
            ),
            height[key],
        ]

    entries = {lemma: entry(lemma, first[lemma], ancestors) for lemma, ancestors in above.items()}
    for form, lemma in exceptions(directory, "noun"):
        if lemma in entries and form.isalpha():
            entries.setdefault(form, entries[lemma])
    for plural, lemma in _plural_nouns(tagged, inflected).items():
        if lemma in slot:
            entries.setdefault(
                plural, entry(lemma, slot[lemma], _ancestors(slot[lemma], hypernyms))
            )
    slot_entries = {
        lemma: entry(lemma, key, _ancestors(key, hypernyms)) for lemma, key in slot.items()
    }
    return dict(sorted(entries.items())), dict(sorted(slot_entries.items()))


def _hypernyms(
    synsets: Synsets, symbols: tuple[str, ...]
) -> dict[tuple[str, str], list[tuple[str, str]]]:
    """Each noun synset's hypernyms by the links `symbols` name: "@" a class's, "@i" a
    named instance's ("Danube" is an instance of "river")."""
    return {
        key: [(target, pos) for symbol, target, pos, _, _ in synset.pointers if symbol in symbols]
        for key, synset in synsets.items()
        if synset.pos == "n"
    }


def _kinds_below(
    first: dict[str, tuple[str, str]], classes: dict[tuple[str, str], list[tuple[str, str]]]
) -> dict[tuple[str, str], int]:
    """How many of the nouns in `first` each synset heads within KIND_HOPS links of
    `classes` (class links alone): a named instance ("Danube", "Paris") is no kind of
    river or city, so "river" is no broader word for "pond"
    (noun_kinds.Noun.broader_than), where its named rivers made it one."""
    counts: dict[tuple[str, str], int] = {}
    for key in first.values():
        for ancestor in _ancestors(key, classes):
            counts[ancestor] = counts.get(ancestor, 0) + 1
    return counts


def _mostly_nouns(tagged: _Tagged, inflected: set[str]) -> set[str]:
    """Lemmas whose noun senses are tagged in WordNet's sense-tagged corpus at least as
    often as their senses of any other part of speech (by sense counts where none is
    tagged): "kitchen", "drum" and "star", not "down", "run" or "open".  Nor a verb's
    or an adjective's irregular form (`inflected`): "fell" is "fall", "saw" is "see"."""
    return {
        lemma
        for lemma, by_pos in tagged.items()
        if "n" in by_pos and lemma not in inflected and _mostly_noun(by_pos)
    }


def _plural_nouns(tagged: _Tagged, inflected: set[str]) -> dict[str, str]:
    """Regular plural -> lemma, for the lemmas `_mostly_nouns` leaves out only as another
    word's irregular form and that WordNet has no verb of: "rose" may be "rise", but
    "roses" can only be flowers (so can "doves" and "spokes"; not "wounds", a verb's
    form too)."""
    return {
        _regular_plural(lemma): lemma
        for lemma in sorted(inflected)
        if lemma.isalpha()
        and "n" in tagged.get(lemma, {})
        and "v" not in tagged[lemma]
        and _mostly_noun(tagged[lemma])
    }


def _regular_plural(noun: str) -> str:
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def _tagged(directory: Path) -> _Tagged:
    """Lemma -> part of speech -> (its senses tagged in the sense-tagged corpus, its senses)."""
    tagged: _Tagged = {}
    for entry in read_index(directory):
        tagged.setdefault(entry.lemma, {})[entry.pos] = (entry.tagged, len(entry.offsets))
    return tagged


def _irregular_forms(directory: Path) -> set[str]:
    """The irregular forms WordNet lists of verbs, adjectives and adverbs ("rose",
    "fell", "best")."""
    return {
        form
        for name in ("verb", "adj", "adv")
        for form, lemma in exceptions(directory, name)
        if form != lemma  # adj.exc lists "printer" as its own form
    }


def _mostly_noun(by_pos: dict[str, tuple[int, int]]) -> bool:
    """(tagged senses, senses) per part of speech ("n", "v", ...): the noun's tagged
    senses at least any other's, or where none is tagged, its senses."""
    at = 0 if any(tagged for tagged, _ in by_pos.values()) else 1
    return all(by_pos["n"][at] >= counts[at] for counts in by_pos.values())


def _ancestors(
    key: tuple[str, str], hypernyms: dict[tuple[str, str], list[tuple[str, str]]]
) -> set[tuple[str, str]]:
    """The hypernyms of a noun synset up to KIND_HOPS links up."""
    found: set[tuple[str, str]] = set()
    frontier = [key]
    for _ in range(KIND_HOPS):
        frontier = [up for node in frontier for up in hypernyms.get(node, ()) if up not in found]
        found.update(frontier)
    return found


def _depths(
    hypernyms: dict[tuple[str, str], list[tuple[str, str]]], deepest: bool = False
) -> dict[tuple[str, str], int]:
    """Each noun synset's shortest (or, `deepest`, longest) distance, in hypernym
    links, to a root."""
    depth: dict[tuple[str, str], int] = {}
    pick = max if deepest else min

    def of(key: tuple[str, str]) -> int:
        if key not in depth:
            depth[key] = 0  # a cycle's guard; WordNet's noun hierarchy has none
            ups = hypernyms.get(key, ())
            depth[key] = 1 + pick(map(of, ups)) if ups else 0
        return depth[key]

    for key in hypernyms:
        of(key)
    return depth
