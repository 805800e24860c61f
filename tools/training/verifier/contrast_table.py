"""Build the contrast table the run time reads (docs/verifier.md#explained-contradictions):
`grounding_sidecar/detection/text/contrasts.json.gz`.

Pairs of single words that cannot both be true of one thing, from the same relations
the verifier's rule-made contradictions were drawn from: WordNet antonyms (direct,
lexical pointers), noun co-hyponyms of each word's most frequent sense
(`wordnet.load_wordnet`), and the project's own direction, ordinal and everyday
contrast lists (`perturb.py`, `templates.py`); plus WordNet's exception lists (rose ->
rise) so that an inflected form finds its lemma.  Beside the pairs, the kinds each
noun is of (`_noun_kinds`): two nouns of one kind ("kitchen" and "bedroom", rooms;
"piano" and "violin", musical instruments) are too many to list as pairs.  Read
from Debian's `wordnet-base` (`make train-verifier` and `make tools` install it).
Deterministic: the same WordNet gives the same bytes
(`tests/detection/text/test_contrasts.py` rebuilds and compares).

    python -m tools.training.verifier.contrast_table [--out PATH]
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
from collections.abc import Iterable, Iterator
from pathlib import Path

from grounding_sidecar.detection.text.contrasts import TABLE_PATH, ContrastTable, pair
from grounding_sidecar.detection.text.words import STOPWORDS
from tools.training.verifier import perturb, templates
from tools.training.verifier.wordnet import (
    TOO_ABSTRACT,
    WORDNET_DIR,
    Synset,
    exceptions,
    first_senses,
    load_wordnet,
    read_index,
    read_synsets,
)

Synsets = dict[tuple[str, str], Synset]

# WordNet's licence asks for its notice on all copies: the table carries it.
WORDNET_NOTICE = (
    "WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. "
    "Permission to use, copy, modify and distribute this software and database and its "
    "documentation for any purpose and without fee or royalty is hereby granted, provided "
    "that you agree to comply with the following copyright notice and statements, including "
    "the disclaimer, and that the same appear on ALL copies of the software, database and "
    "documentation, including modifications that you make for internal use or for "
    'distribution. THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON '
    "UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. BY WAY OF "
    "EXAMPLE, BUT NOT LIMITATION, PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR "
    "WARRANTIES OF MERCHANT- ABILITY OR FITNESS FOR ANY PARTICULAR PURPOSE OR THAT THE USE "
    "OF THE LICENSED SOFTWARE, DATABASE OR DOCUMENTATION WILL NOT INFRINGE ANY THIRD PARTY "
    "PATENTS, COPYRIGHTS, TRADEMARKS OR OTHER RIGHTS. The name of Princeton University or "
    "Princeton may not be used in advertising or publicity pertaining to distribution of "
    "the software and/or database. Title to copyright in this software, database and any "
    "associated documentation shall at all times remain with Princeton University and "
    "LICENSEE agrees to preserve same."
)


# Words WordNet gives as antonyms by one sense that restate each other by another, the
# one grounded answers use: a body's postures, "lie", "sit" and "stand", each also say
# where a thing is ("Lake Titicaca lies on the border", "sits on the border", "a castle
# stands on the hill").  No pair of a group is a contrast.
NOT_CONTRASTS: tuple[tuple[str, ...], ...] = (("lie", "sit", "stand"),)

# Everyday contrasts of the product's domain that WordNet pairs only loosely or not at
# all, written for this project (never drawn for the verifier's training pairs).
DOMAIN_CONTRASTS: tuple[tuple[str, ...], ...] = (
    ("online", "offline"),
    ("approved", "denied", "declined", "refused", "rejected"),
    ("accepted", "declined", "rejected"),
    ("enabled", "disabled"),
    ("active", "inactive"),
    ("success", "failure"),
    ("succeeded", "failed"),
    ("passed", "failed"),
    ("morning", "afternoon", "evening", "night"),
    ("temporary", "permanent"),
    ("manual", "automatic"),
    ("encrypted", "unencrypted"),
    ("paid", "unpaid"),
    ("signed", "unsigned"),
    ("weekday", "weekend"),
    ("inbound", "outbound"),
    ("incoming", "outgoing"),
    ("upload", "download"),
    ("uploaded", "downloaded"),
    ("internal", "external"),
    ("included", "excluded"),
    ("allowed", "blocked", "forbidden", "prohibited"),
    # Opposite directions and acts, as lemmas (each inflection finds them: "added" and
    # "removes" are "add" and "remove"), in pairs: the words of a group of three would
    # stand against each other too ("ban" and "forbid").
    ("add", "remove"),
    ("add", "drop"),
    ("gain", "lose"),
    ("win", "lose"),
    ("arrive", "depart"),
    ("arrival", "departure"),
    ("grow", "shrink"),
    ("expand", "shrink"),
    ("expand", "reduce"),
    ("increase", "cut"),
    ("raise", "cut"),
    ("extend", "shorten"),
    ("join", "leave"),
    ("send", "receive"),
    ("support", "oppose"),
    ("start", "end"),
    ("begin", "end"),
    ("always", "never"),
    ("mandatory", "optional"),
    ("required", "optional"),
    ("allow", "ban"),
    ("allow", "forbid"),
    ("allow", "prohibit"),
    ("permit", "ban"),
    ("permit", "prohibit"),
    ("approve", "reject"),
    ("accept", "reject"),
    # How often: "annual" and "yearly" (or "annually") restate each other, so each
    # joins the other periods in a group of its own.
    *(
        ("hourly", "daily", "weekly", "biweekly", "fortnightly", "monthly", "quarterly", year)
        for year in ("annual", "annually", "yearly")
    ),
)

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


def _indirect_antonyms(synsets: Synsets) -> Iterator[tuple[str, str]]:
    """WordNet's indirect antonyms: an adjective cluster's head and its satellites
    (similar-to pointers) against the head it is an antonym of and that head's
    satellites ("temporary", a satellite of "impermanent", against "permanent")."""
    cluster: dict[tuple[str, str], set[str]] = {}
    for key, synset in synsets.items():
        if synset.pos == "a":
            cluster[key] = set(synset.words).union(
                *(
                    synsets[(target, "a")].words
                    for symbol, target, _, _, _ in synset.pointers
                    if symbol == "&" and (target, "a") in synsets
                )
            )
    for key, members in cluster.items():
        for symbol, target, _, _, _ in synsets[key].pointers:
            if symbol == "!" and (target, "a") in cluster:
                yield from itertools.product(members, cluster[(target, "a")])


def _synonyms(synsets: Synsets) -> set[str]:
    """Pairs of single words that share a WordNet synset in any of their senses: never a
    contrast, whatever list or relation pairs them ("refused" and "declined", both in
    the domain list's "approved" group; "purpose" and "aim", co-hyponyms by their most
    frequent senses)."""
    found: set[str] = set()
    for synset in synsets.values():
        members = sorted({w for w in synset.words if w.isalpha()})
        found.update(pair(a, b) for a, b in itertools.combinations(members, 2))
    return found


def _synonymous(pairs: set[str], synonyms: set[str], forms: ContrastTable) -> set[str]:
    """The pairs whose words, as any of their lemmas, are synonyms ("declined" and
    "refused": "decline" and "refuse")."""
    found = set()
    for listed in pairs:
        first, second = listed.split(" ")
        lemma_pairs = (
            pair(a, b) for a in forms.lemmas(first) for b in forms.lemmas(second) if a != b
        )
        if any(candidate in synonyms for candidate in lemma_pairs):
            found.add(listed)
    return found


def _noun_kinds(
    directory: Path, synsets: Synsets
) -> tuple[dict[str, list[object]], dict[str, list[object]]]:
    """Each single-word lemma used mostly as a noun (`_mostly_nouns`, bar stopwords)
    with its most frequent sense: `[synset, [its hypernyms up to KIND_HOPS links],
    [those that are kinds], how many kinds of thing it heads within KIND_HOPS links
    (`_kinds_below`), [the synsets
    of all its noun senses], [their hypernyms up to KIND_HOPS links], its depth (the
    longest path of links to WordNet's root)]`, synsets as
    WordNet offsets; an irregular plural ("mice") has its lemma's entry, and so does
    the regular plural of a noun left out as a verb's form ("roses", `_plural_nouns`).  The run time
    reads two nouns as a contrast when they share a kind and neither is the other's
    hypernym in any sense (detection/text/noun_kinds.py).
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
    nouns = _mostly_nouns(directory)
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
    for plural, lemma in _plural_nouns(directory).items():
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


def _mostly_nouns(directory: Path) -> set[str]:
    """Lemmas whose noun senses are tagged in WordNet's sense-tagged corpus at least as
    often as their senses of any other part of speech (by sense counts where none is
    tagged): "kitchen", "drum" and "star", not "down", "run" or "open".  Nor a verb's
    or an adjective's irregular form: "fell" is "fall", "saw" is "see"."""
    tagged = _tagged(directory)
    inflected = _irregular_forms(directory)
    return {
        lemma
        for lemma, by_pos in tagged.items()
        if "n" in by_pos and lemma not in inflected and _mostly_noun(by_pos)
    }


def _plural_nouns(directory: Path) -> dict[str, str]:
    """Regular plural -> lemma, for the lemmas `_mostly_nouns` leaves out only as another
    word's irregular form and that WordNet has no verb of: "rose" may be "rise", but
    "roses" can only be flowers (so can "doves" and "spokes"; not "wounds", a verb's
    form too)."""
    tagged = _tagged(directory)
    return {
        _regular_plural(lemma): lemma
        for lemma in sorted(_irregular_forms(directory))
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


def _tagged(directory: Path) -> dict[str, dict[str, tuple[int, int]]]:
    """Lemma -> part of speech -> (its senses tagged in the sense-tagged corpus, its senses)."""
    tagged: dict[str, dict[str, tuple[int, int]]] = {}
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


def _distinguishing_words(group: Iterable[str]) -> list[str]:
    """Members of a word group as the words that tell them apart: "legal team" and
    "finance team" differ by "legal" and "finance"."""
    members = [member.lower().split() for member in group]
    shared = set.intersection(*(set(words) for words in members)) if members else set()
    return [word for words in members for word in words if word not in shared]


def _single_words(words: Iterable[str]) -> list[str]:
    return [w.lower() for w in words if w.isalpha()]


def table(directory: Path = WORDNET_DIR) -> dict[str, object]:
    wn = load_wordnet(directory)
    synsets = read_synsets(directory)
    pairs: set[str] = set()
    # The pairs that say opposite things (direct antonyms, directions, the domain list),
    # apart from those that name two things of a kind (co-hyponyms, ordinals,
    # templates) and the indirect antonyms, whose clusters mix senses.
    opposites: set[str] = set()

    def add(first: str, second: str, opposite: bool = False) -> None:
        if first != second and first.isalpha() and second.isalpha():
            pairs.add(pair(first.lower(), second.lower()))
            if opposite:
                opposites.add(pair(first.lower(), second.lower()))

    for word, others in wn.antonyms.items():
        for other in others:
            add(word, other, opposite=True)
    for word, others in wn.cohyponyms.items():
        for other in others:
            add(word, other)
    for word, other in _indirect_antonyms(synsets):
        add(word, other)  # a whole cluster against another: "used" and "utilised"
    for word, other in perturb.DIRECTIONS.items():
        add(word, other, opposite=True)
    for group in DOMAIN_CONTRASTS:
        for first, second in itertools.combinations(_single_words(group), 2):
            add(first, second, opposite=True)
    for kinds in [perturb.ORDINALS, *perturb.CONTRASTS]:
        for first, second in itertools.combinations(_single_words(kinds), 2):
            add(first, second)
    for group in templates.GROUPS.values():
        for first, second in itertools.combinations(_distinguishing_words(group), 2):
            add(first, second)
    pairs -= {pair(a, b) for group in NOT_CONTRASTS for a, b in itertools.combinations(group, 2)}
    lemmas = {form: lemma for form, lemma in wn.lemma_of.items() if form.isalpha()}
    pairs -= _synonymous(pairs, _synonyms(synsets), ContrastTable.from_pairs([], lemmas, {}, {}))
    nouns, slot_nouns = _noun_kinds(directory, synsets)
    return {
        # Part of the pinned bytes (contrasts.TABLE_SHA256): the builder's path here is
        # the one the shipped table names, so a rebuild gives the same bytes.
        "source": "Princeton WordNet 3.0 (licence: docs/verifier.md#wordnet-licence) "
        "and this project's word lists; built by tools/training/verifier/contrast_table.py",
        "wordnet_licence": WORDNET_NOTICE,
        "pairs": sorted(pairs),
        "opposites": sorted(opposites & pairs),
        "lemmas": dict(sorted(lemmas.items())),
        "nouns": nouns,
        "slot_nouns": slot_nouns,
    }


def write(data: dict[str, object], out: Path) -> bytes:
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    # mtime 0: the same table gives the same bytes.
    packed = gzip.compress(raw, compresslevel=9, mtime=0)
    out.write_bytes(packed)
    return packed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=TABLE_PATH)
    args = parser.parse_args()
    data = table()
    packed = write(data, args.out)
    print(
        f"wrote {args.out}: {len(data['pairs'])} pairs, "  # type: ignore[arg-type]
        f"{len(data['lemmas'])} irregular forms, "  # type: ignore[arg-type]
        f"{len(data['nouns'])} nouns, "  # type: ignore[arg-type]
        f"{len(data['slot_nouns'])} nouns in a noun's place only, "  # type: ignore[arg-type]
        f"{len(packed)} bytes"
    )


if __name__ == "__main__":
    main()
