"""Build the verifier's (premise, hypothesis, label) pairs: docs/verifier.md#data.

Real pairs: the labelled claims of Factcheck-GPT (Apache-2.0), WiCE (ODC-BY
annotations) and SummEdits (Apache-2.0), each against the passage the project's
own retrieval would pick for it (split_passages + MiniLM cosine, as at run time).
Synthetic pairs: sentences of those sets' sources rewritten by the rules of
`perturb.py` (restated: entailed; one detail changed: contradicted; an invented
detail or a sentence from another document: neither), with the passage holding
the sentence as the premise.

Every pair carries the `Part` of its document (tools/eval_data.py): the
trainer learns from `verifier` pairs only; `holdout` pairs are for reporting;
`calibration` documents are left for the calibration fit.  Pairs from the
project's own sentences (`templates.py`) are added, every fifth template held out.
Seeded: the same inputs give the same file.

    python -m tools.training.verifier.build_pairs --out build/verifier/pairs.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from grounding_sidecar.detection import load_embedder
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder
from grounding_sidecar.detection.text.passages import Passage, split_passages, with_neighbours
from grounding_sidecar.detection.text.sentences import split_sentences
from grounding_sidecar.evaluation.agreement import LabelledCase
from tools.eval_data import TRAINABLE, Part, load, part_of
from tools.training.verifier import perturb
from tools.training.verifier.perturb import Label
from tools.training.verifier.restate import RESTATING
from tools.training.verifier.templates import template_pairs
from tools.training.verifier.wordnet import load_wordnet

# The shipped recipe's sets; `--sets` may choose any of tools/eval_data.py's TRAINABLE.
TRAINING_SETS = ("factcheckgpt", "wice", "summedits")
SEED = 20261201
# Sentences rewritten per source document: the claim/evidence sets have short
# sources (one retrieved page each), SummEdits few long articles.
SENTENCES_PER_DOCUMENT = {"factcheckgpt": 2, "wice": 3, "summedits": 30, "attrbench": 2}
MIN_WORDS, MAX_WORDS = 7, 45
_LABELS = {"supported": Label.ENTAILED, "contradictory": Label.CONTRADICTED}


@dataclass(frozen=True, slots=True)
class Pair:
    premise: str
    hypothesis: str
    label: int
    rule: str  # "real" for labelled claims, else the perturb rule
    dataset: str
    part: str


def _best_passage(embedder: CachedEmbedder, claim: str, passages: list[Passage]) -> int:
    vectors = embedder.embed([p.text for p in passages])
    (claim_vector,) = embedder.embed([claim])
    return int(np.argmax(vectors @ claim_vector))


def _premise(passages: Sequence[Passage], index: int, joined: bool) -> str:
    return with_neighbours(passages, index) if joined else passages[index].text


def real_pairs(
    dataset: str, cases: list[LabelledCase], embedder: CachedEmbedder, *, joined: bool = False
) -> list[Pair]:
    pairs: list[Pair] = []
    for case in cases:
        passages = [p for i, s in enumerate(case.case.sources) for p in split_passages(i, s)]
        if not passages:
            continue
        for claim in case.claims:
            text = case.case.answer[claim.span[0] : claim.span[1]]
            label = _LABELS.get(claim.verdict.value, Label.NEITHER)
            premise = _premise(passages, _best_passage(embedder, text, passages), joined)
            pairs.append(Pair(premise, text, int(label), "real", dataset, part_of(case).value))
    return pairs


@dataclass(frozen=True, slots=True)
class Document:
    dataset: str
    part: str
    text: str


def source_documents(dataset: str, cases: list[LabelledCase]) -> list[Document]:
    seen: dict[str, Document] = {}
    for case in cases:
        for source in case.case.sources:
            seen.setdefault(source, Document(dataset, part_of(case).value, source))
    return list(seen.values())


def _sentences(text: str, joined: bool = False) -> list[tuple[str, str]]:
    """(sentence, premise): the passage holding it (`joined`: with its neighbours)."""
    passages = split_passages(0, text)
    out = []
    for segment in split_sentences(text):
        sentence = text[segment.start : segment.end].strip()
        if not MIN_WORDS <= len(sentence.split()) <= MAX_WORDS or not sentence.endswith("."):
            continue
        holder = next(
            (
                i
                for i, p in enumerate(passages)
                if p.start <= segment.start and segment.end <= p.end
            ),
            None,
        )
        if holder is not None:
            out.append((sentence, _premise(passages, holder, joined)))
    return out


def synthetic_pairs(
    documents: list[Document],
    rng: random.Random,
    *,
    joined: bool = False,
    word_level: dict[str, perturb.Rule] | None = None,
) -> list[Pair]:
    wordnet = load_wordnet()
    vocabulary = perturb.vocabulary([d.text for d in documents])
    sentences = {id(d): _sentences(d.text, joined) for d in documents}
    pairs: list[Pair] = []
    for document in documents:
        own = sentences[id(document)]
        if not own:
            continue
        ctx = perturb.Context(rng, wordnet, vocabulary, perturb.document_names(document.text))
        others = [d for d in documents if d.dataset == document.dataset and d is not document]
        count = SENTENCES_PER_DOCUMENT[document.dataset]
        for sentence, premise in rng.sample(own, min(count, len(own))):
            foreign_pool = (others, sentences)
            for hypothesis, label, rule in _rewrites(sentence, ctx, foreign_pool, rng, word_level):
                if hypothesis != sentence or rule == "identity":
                    pairs.append(
                        Pair(
                            premise,
                            hypothesis,
                            int(label),
                            rule,
                            document.dataset,
                            document.part,
                        )
                    )
    return pairs


_ForeignPool = tuple[list[Document], dict[int, list[tuple[str, str]]]]


def _rewrites(
    sentence: str,
    ctx: perturb.Context,
    foreign: _ForeignPool,
    rng: random.Random,
    word_level: dict[str, perturb.Rule] | None,
) -> list[tuple[str, Label, str]]:
    """(hypothesis, label, rule) for one sentence: one restatement, up to two
    contradictions (two rules drawn from those that apply), one neither; with
    `word_level` rules, also one word-level restatement, which balances the one-word
    contradictions: a changed word is not by itself a contradiction."""
    out: list[tuple[str, Label, str]] = []
    # A restatement: the sentence itself one time in five, else the first rewording
    # rule that applies (in random order), falling back to the sentence itself.
    restated, entailing = sentence, "identity"
    if rng.random() >= 0.2:
        found = _first_applying(perturb.ENTAILING, sentence, ctx, rng, other_than=sentence)
        if found is not None:
            restated, entailing = found
    out.append((restated, Label.ENTAILED, entailing))
    reworded = _first_applying(word_level, sentence, ctx, rng, restated) if word_level else None
    if reworded is not None:
        out.append((reworded[0], Label.ENTAILED, reworded[1]))
    applicable = [
        (name, changed)
        for name, rule in perturb.CONTRADICTING.items()
        if (changed := rule(sentence, ctx)) is not None and changed != sentence
    ]
    rng.shuffle(applicable)
    out += [(changed, Label.CONTRADICTED, name) for name, changed in applicable[:2]]
    others, sentences = foreign
    if rng.random() < 0.5:
        qualified = perturb.qualifier(sentence, ctx)
        if qualified is not None:
            out.append((qualified, Label.NEITHER, "qualifier"))
    elif others:
        other = _topical_foreign_sentence(sentence, others, sentences, rng)
        if other is not None:
            out.append((other, Label.NEITHER, "foreign"))
    return out


# Restatements that change a word or a value, as the contradicting rules do.
WORD_LEVEL: dict[str, perturb.Rule] = {"paraphrase": perturb.paraphrase, **RESTATING}


def _first_applying(
    rules: dict[str, perturb.Rule],
    sentence: str,
    ctx: perturb.Context,
    rng: random.Random,
    other_than: str,
) -> tuple[str, str] | None:
    """(rewrite, rule name) from the first of `rules`, in random order, that applies."""
    names = list(rules)
    rng.shuffle(names)
    for name in names:
        candidate = rules[name](sentence, ctx)
        if candidate is not None and candidate not in (sentence, other_than):
            return candidate, name
    return None


def _topical_foreign_sentence(
    sentence: str,
    others: list[Document],
    sentences: dict[int, list[tuple[str, str]]],
    rng: random.Random,
) -> str | None:
    """A sentence from another document sharing the most words with `sentence`:
    on the same topic, yet not entailed by this document's passage."""
    words = set(sentence.lower().split())
    candidates = [
        s for d in rng.sample(others, min(30, len(others))) for s, _ in sentences[id(d)][:5]
    ]
    if not candidates:
        return None
    return max(candidates, key=lambda s: len(words & set(s.lower().split())))


def _chosen(
    parser: argparse.ArgumentParser, what: str, names: str, known: Collection[str]
) -> list[str]:
    """The comma-separated `names`, each one of `known` (else the parser's error)."""
    chosen = [n.strip() for n in names.split(",") if n.strip()]
    if unknown := [n for n in chosen if n not in known]:
        parser.error(f"unknown {what} {unknown}; known: {', '.join(known)}")
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("build/verifier/pairs.jsonl"))
    parser.add_argument(
        "--premise",
        choices=("passage", "joined"),
        default="passage",
        help="passage: the one passage (what ships); joined: with its neighbours (a study)",
    )
    parser.add_argument(
        "--word-restatements",
        nargs="?",
        const=",".join(WORD_LEVEL),
        default="",
        metavar="RULES",
        help=(
            "add a word-level restatement per sentence drawn from RULES, comma-separated "
            f"(default all: {','.join(WORD_LEVEL)}; restate.py; measured, not shipped)"
        ),
    )
    parser.add_argument(
        "--sets",
        default=",".join(TRAINING_SETS),
        help=f"labelled sets to draw pairs from, comma-separated (of {', '.join(TRAINABLE)})",
    )
    args = parser.parse_args()
    sets = _chosen(parser, "sets", args.sets, TRAINABLE)
    restating = _chosen(parser, "word-level rules", args.word_restatements, WORD_LEVEL)
    word_level = {n: WORD_LEVEL[n] for n in restating}
    joined = args.premise == "joined"
    rng = random.Random(SEED)
    embedder = CachedEmbedder(load_embedder("minilm"))
    pairs: list[Pair] = []
    documents: list[Document] = []
    for dataset in sets:
        cases = load(dataset)
        pairs += real_pairs(dataset, cases, embedder, joined=joined)
        documents += [d for d in source_documents(dataset, cases) if d.part != Part.CALIBRATION]
    pairs += synthetic_pairs(documents, rng, joined=joined, word_level=word_level)
    pairs += [
        Pair(
            t.premise,
            t.hypothesis,
            int(t.label),
            t.rule,
            "own",
            Part.HOLDOUT.value if t.held_out else Part.VERIFIER.value,
        )
        for t in template_pairs(rng)
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as handle:
        for pair in pairs:
            handle.write(json.dumps(asdict(pair), ensure_ascii=False) + "\n")
    counts = Counter((p.part, Label(p.label).name) for p in pairs)
    rules = Counter((p.part, p.rule) for p in pairs)
    print(f"{len(pairs)} pairs -> {args.out}")
    for key, n in sorted(counts.items()):
        print(f"  {key[0]:<12} {key[1]:<13} {n}")
    for key, n in sorted(rules.items()):
        print(f"  {key[0]:<12} {key[1]:<13} {n}")


if __name__ == "__main__":
    main()
