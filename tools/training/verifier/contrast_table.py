"""Build the contrast table the run time reads (docs/verifier.md#explained-contradictions):
`grounding_sidecar/detection/text/contrasts.json.gz`.

Pairs of single words that cannot both be true of one thing, from the same relations
the verifier's rule-made contradictions were drawn from: WordNet antonyms (direct,
lexical pointers), noun co-hyponyms of each word's most frequent sense
(`wordnet.load_wordnet`), and the project's own direction, ordinal and everyday
contrast lists (`perturb.py`, `templates.py`); plus WordNet's exception lists (rose ->
rise) so that an inflected form finds its lemma.  Beside the pairs, the kinds each
noun is of (`noun_table.noun_kinds`): two nouns of one kind ("kitchen" and "bedroom", rooms;
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
from tools.training.verifier import perturb, templates
from tools.training.verifier.noun_table import noun_kinds
from tools.training.verifier.wordnet import (
    WORDNET_DIR,
    Synset,
    load_wordnet,
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

# The verbs of a change upwards and downwards.  Not "improve" (a wait that improves
# decreases) nor "raise" and "cut", which say who changes it (paired above); not the
# verbs whose noun is most often something else in a source: "slide" (an earnings
# call's "Turning to Slide 6"), "slip", "dip", "sink", "tumble", "jump".
CHANGES_UP = ("rise", "increase", "grow", "climb", "soar", "surge", "gain")
CHANGES_DOWN = ("fall", "drop", "decline", "decrease", "plunge", "slump", "shrink")

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
    # A court's or an authority's decision turned around: "upheld" against
    # "overturned", "granted" against "denied", "confirmed" against "denied".
    ("uphold", "overturn"),
    ("uphold", "reverse"),
    ("grant", "deny"),
    ("confirm", "deny"),
    # A change's direction said with another verb than the source's ("grew" against
    # "declined", "rose" against "dropped"): WordNet pairs only each verb's own antonym
    # ("rise"/"fall", "increase"/"decrease").  Each way up against each way down.
    *((up, down) for up in CHANGES_UP for down in CHANGES_DOWN),
    ("growth", "decline"),
    ("growth", "fall"),
    ("growth", "drop"),
    ("improve", "worsen"),
    ("improve", "deteriorate"),
    ("strengthen", "weaken"),
    # How often: "annual" and "yearly" (or "annually") restate each other, so each
    # joins the other periods in a group of its own.
    *(
        ("hourly", "daily", "weekly", "biweekly", "fortnightly", "monthly", "quarterly", year)
        for year in ("annual", "annually", "yearly")
    ),
)


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
    nouns, slot_nouns = noun_kinds(directory, synsets)
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
