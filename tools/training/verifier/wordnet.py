"""Princeton WordNet 3.0 relations for the synthetic training pairs.

Read from Debian's `wordnet-base` files (`/usr/share/wordnet`, installed by
`make train-verifier`): antonyms (direct, lexical pointers), noun co-hyponyms
from each word's most frequent sense only (a swap on a rarer sense makes nonsense,
not a contradiction), the direct hypernyms of that same sense for words that are
only ever nouns (coffee -> beverage: a restatement, entailed), and the exception
lists that map irregular forms to their lemma (rose -> rise) so a swap can be
re-inflected (rise -> fall -> fell).  WordNet's licence allows use and
redistribution with its notice kept: docs/verifier.md carries it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

WORDNET_DIR = Path("/usr/share/wordnet")
_POS_FILES = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}
# Hypernyms with more hyponyms than this are too broad for a meaningful swap
# ("entity" -> anything); fewer than two have no sibling.
MAX_SIBLINGS = 40


@dataclass(frozen=True, slots=True)
class Synset:
    pos: str
    words: tuple[str, ...]
    pointers: tuple[tuple[str, str, str, int, int], ...]  # symbol, offset, pos, source, target


@dataclass
class WordNet:
    antonyms: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    cohyponyms: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    hypernyms: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    lemma_of: dict[str, str] = field(default_factory=dict)  # irregular form -> lemma
    forms_of: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    lemmas: set[str] = field(default_factory=set)

    def lemma(self, word: str) -> str:
        return self.lemma_of.get(word, word)


def _clean(word: str) -> str:
    # Adjective markers such as "(a)" / "(p)" and multi-word underscores.
    return word.split("(")[0].replace("_", " ").lower()


def read_synsets(directory: Path) -> dict[tuple[str, str], Synset]:
    synsets: dict[tuple[str, str], Synset] = {}
    for name in sorted(set(_POS_FILES.values())):
        for line in (directory / f"data.{name}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue  # the licence header
            fields = line.split(" | ", 1)[0].split()
            offset, pos = fields[0], fields[2]
            count = int(fields[3], 16)
            words = tuple(_clean(w) for w in fields[4 : 4 + 2 * count : 2])
            at = 4 + 2 * count
            pointers = []
            for i in range(int(fields[at])):
                symbol, target, target_pos, st = fields[at + 1 + 4 * i : at + 5 + 4 * i]
                pointers.append((symbol, target, target_pos, int(st[:2], 16), int(st[2:], 16)))
            key_pos = "a" if pos == "s" else pos
            synsets[(offset, key_pos)] = Synset(pos, words, tuple(pointers))
    return synsets


@dataclass(frozen=True, slots=True)
class IndexEntry:
    """One line of an `index.<pos>` file: a lemma's senses of one part of speech."""

    lemma: str  # as WordNet writes it ("ice_cream")
    pos: str  # "n", "v", "a", "r"
    tagged: int  # senses tagged in WordNet's sense-tagged corpus
    offsets: tuple[str, ...]  # the senses' synsets, most frequent first


def read_index(directory: Path) -> Iterator[IndexEntry]:
    for pos, name in (("n", "noun"), ("v", "verb"), ("a", "adj"), ("r", "adv")):
        for line in (directory / f"index.{name}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue  # the licence header
            fields = line.split()
            synset_count, pointer_count = int(fields[2]), int(fields[3])
            tagged = int(fields[5 + pointer_count])
            yield IndexEntry(fields[0], pos, tagged, tuple(fields[-synset_count:]))


def first_senses(directory: Path) -> dict[str, list[tuple[str, str]]]:
    """Each lemma's synsets in frequency order, per part of speech."""
    senses: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for entry in read_index(directory):
        lemma = entry.lemma.replace("_", " ")
        senses[lemma].extend((offset, entry.pos) for offset in entry.offsets)
    return senses


def exceptions(directory: Path, name: str) -> Iterator[tuple[str, str]]:
    """WordNet's irregular forms of one part of speech (`name`: "noun", "verb", "adj",
    "adv"): (form, lemma), as WordNet writes them."""
    for line in (directory / f"{name}.exc").read_text(encoding="latin-1").splitlines():
        form, lemma, *_ = line.split()
        yield form, lemma


def load_wordnet(directory: Path = WORDNET_DIR) -> WordNet:
    synsets = read_synsets(directory)
    senses = first_senses(directory)
    wn = WordNet()
    hyponyms: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
    for key, synset in synsets.items():
        wn.lemmas.update(w for w in synset.words if " " not in w)
        for symbol, target, target_pos, source, dest in synset.pointers:
            target_key = (target, "a" if target_pos == "s" else target_pos)
            if symbol == "!" and source and dest and target_key in synsets:
                word = synset.words[source - 1]
                other = synsets[target_key].words[dest - 1]
                if " " not in word and " " not in other:
                    wn.antonyms[word].add(other)
            elif symbol in ("@", "@i") and synset.pos == "n":
                hyponyms[target_key].append(key)
    for lemma, keys in senses.items():
        if " " in lemma or not keys:
            continue
        first = synsets.get(keys[0])
        if first is None or keys[0][1] != "n":
            continue
        if all(pos == "n" for _, pos in keys):
            wn.hypernyms[lemma].update(_hypernym_words(first, synsets))
        for symbol, target, target_pos, _, _ in first.pointers:
            if symbol not in ("@", "@i"):
                continue
            siblings = hyponyms.get((target, target_pos), [])
            if not 2 <= len(siblings) <= MAX_SIBLINGS:
                continue
            for sibling in siblings:
                if sibling == keys[0]:
                    continue
                wn.cohyponyms[lemma].update(
                    w for w in synsets[sibling].words[:1] if " " not in w and w != lemma
                )
    for name in ("noun", "verb", "adj", "adv"):
        for form, lemma in exceptions(directory, name):
            if "_" in form or "_" in lemma:
                continue
            wn.lemma_of.setdefault(form, lemma)
            wn.forms_of[lemma].add(form)
    return wn


# Hypernyms too abstract to restate a noun with ("coffee" -> "entity").
TOO_ABSTRACT = frozenset(
    (
        *("entity", "physical entity", "abstraction", "abstract entity", "object"),
        *("whole", "thing", "matter", "group", "relation", "attribute", "act", "event"),
        *("state", "process", "measure", "unit", "causal agent", "part", "content"),
    )
)


def _hypernym_words(synset: Synset, synsets: dict[tuple[str, str], Synset]) -> set[str]:
    """The first word of each direct hypernym of a noun synset, unless too abstract."""
    found: set[str] = set()
    for symbol, target, target_pos, _, _ in synset.pointers:
        hypernym = synsets.get((target, target_pos))
        if symbol == "@" and hypernym is not None:
            word = hypernym.words[0]
            if word not in TOO_ABSTRACT:
                found.add(word)
    return found


def swaps(original: str, relation: dict[str, set[str]], wn: WordNet) -> list[str]:
    """Replacements for `original` from `relation` (antonyms, co-hyponyms), each in
    the form `original` has: its own lemma first, then a regular inflection
    (increased -> decreased), then an irregular one (rose -> rise -> fall -> fell)."""
    word = original.lower()
    found: list[str] = sorted(relation.get(word, ()))
    if not found:
        for suffix in ("ing", "ed", "es", "s", "er", "est"):
            stem = word[: -len(suffix)]
            if len(stem) < 3 or not word.endswith(suffix):
                continue
            lemma = stem if stem in relation else stem + "e"
            if lemma in relation:
                found = [_regular(r, suffix) for r in sorted(relation[lemma])]
                break
    if not found and word in wn.lemma_of and wn.lemma_of[word] in relation:
        participle = word.endswith("n")
        for other in sorted(relation[wn.lemma_of[word]]):
            forms = sorted(wn.forms_of.get(other, ()))
            matching = [f for f in forms if f.endswith("n") == participle] or forms
            found.append(matching[0] if matching else _regular(other, "ed"))
    if original[:1].isupper():
        found = [f[:1].upper() + f[1:] for f in found]
    return found


def _regular(lemma: str, suffix: str) -> str:
    consonant_y = lemma.endswith("y") and lemma[-2:-1] not in "aeiou"
    if suffix == "ing":
        return (lemma[:-1] if lemma.endswith("e") and not lemma.endswith("ee") else lemma) + "ing"
    if suffix in ("ed", "er", "est"):
        if consonant_y:
            return lemma[:-1] + "i" + suffix
        return lemma + (suffix[1:] if lemma.endswith("e") else suffix)
    if lemma.endswith(("s", "x", "z", "ch", "sh")):
        return lemma + "es"
    return lemma[:-1] + "ies" if consonant_y else lemma + "s"
