"""How the verifier should read a claim's evidence: the measurement behind
docs/verifier.md#reading-the-evidence.

    python -m tools.studies.evidence_reading WEIGHTS [--limit N] [--rebuild]

Every held-out claim of the reading sets (tools.studies.verifier_reading) is read by
the verifier WEIGHTS against its evidence in each of these ways, from the passages the
pipeline makes (split_passages) ranked by MiniLM cosine as at run time:

  best         the best passage alone (what ships);
  top2, top3   each of the k best passages alone, P(entailed) the max over them;
  neighbours   the best passage with the passages before and after it in its source
               (the ~400-token chunks AlignScore and MiniCheck read, cut to the
               verifier's 128 tokens);
  top3+nb      the max over top3 and neighbours.

Table: per set, P(entailed)'s AUROC (supported against the rest) for each way, its
gain over `best` with a 95% paired bootstrap over documents, and the cost: verifier
pairs per claim and tokens per pair against `best`.  The claims with their ranked
passages are cached in build/verifier/evidence-rows*.jsonl (--rebuild redoes the
retrieval).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection import load_embedder
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder
from grounding_sidecar.detection.text.passages import split_passages, with_neighbours
from grounding_sidecar.evaluation.agreement import auroc
from tools.eval_data import document_of, iter_available
from tools.studies.verifier_reading import (
    READING_SETS,
    Row,
    entailed_auroc,
    held_out_cases,
    paired_bootstrap,
    read,
)
from tools.training.verifier.perturb import Label
from tools.training.verifier.train import pair_tokenizer

ROOT = Path(__file__).resolve().parents[2]
TOP = 3
WAYS = ("best", "top2", "top3", "neighbours", "top3+nb")
_LABELS = {"supported": Label.ENTAILED, "contradictory": Label.CONTRADICTED}


@dataclass(frozen=True, slots=True)
class ClaimEvidenceRow:
    """A held-out claim, its TOP best passages (best first), the best one with its
    neighbours, and its best cosine."""

    claim: str
    truth: int
    dataset: str
    document: str
    passages: list[str]
    neighbours: str
    cosine: float


def evidence_rows(limit: int | None) -> list[ClaimEvidenceRow]:
    embedder = CachedEmbedder(load_embedder("minilm"))
    rows: list[ClaimEvidenceRow] = []
    for name in iter_available(READING_SETS):
        taken: list[ClaimEvidenceRow] = []
        for case in held_out_cases(name, limit):
            passages = [p for i, s in enumerate(case.case.sources) for p in split_passages(i, s)]
            if not passages:
                continue
            vectors = embedder.embed([p.text for p in passages])
            for claim in case.claims:
                text = case.case.answer[claim.span[0] : claim.span[1]]
                (claim_vector,) = embedder.embed([text])
                cosines = vectors @ claim_vector
                order = [int(i) for i in np.argsort(-cosines)[:TOP]]
                taken.append(
                    ClaimEvidenceRow(
                        text,
                        int(_LABELS.get(claim.verdict.value, Label.NEITHER)),
                        name,
                        document_of(case),
                        [passages[i].text for i in order],
                        with_neighbours(passages, order[0]),
                        float(cosines[order[0]]),
                    )
                )
            if limit is not None and len(taken) >= limit:
                break
        rows += taken[:limit]
    return rows


def cached_evidence_rows(limit: int | None, rebuild: bool) -> list[ClaimEvidenceRow]:
    suffix = f".limit{limit}" if limit is not None else ""
    path = ROOT / "build" / "verifier" / f"evidence-rows{suffix}.jsonl"
    if path.exists() and not rebuild:
        lines = path.read_text(encoding="utf-8").splitlines()
        return [ClaimEvidenceRow(**json.loads(line)) for line in lines]
    rows = evidence_rows(limit)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(asdict(r)) + "\n" for r in rows), encoding="utf-8")
    return rows


@dataclass(frozen=True, slots=True)
class Readings:
    """Per way, each claim's three probabilities (the row of the premise with the
    highest P(entailed)), the pairs it cost, and their tokens."""

    probabilities: dict[str, npt.NDArray[np.float64]]
    pairs: dict[str, int]
    tokens: dict[str, int]


def premises_of(row: ClaimEvidenceRow, way: str) -> list[str]:
    if way == "best":
        return row.passages[:1]
    if way.startswith("top") and "+" not in way:
        return row.passages[: int(way[3:])]
    if way == "neighbours":
        return [row.neighbours]
    return [*row.passages[:TOP], row.neighbours]


def read_every_way(weights: Path, rows: list[ClaimEvidenceRow]) -> Readings:
    unique: dict[tuple[str, str], int] = {}
    for row in rows:
        for way in WAYS:
            for premise in premises_of(row, way):
                unique.setdefault((premise, row.claim), len(unique))
    pairs = list(unique)
    probabilities = read(weights, [Row(p, h, 0, "", "") for p, h in pairs])
    tokenizer = pair_tokenizer()
    lengths = [len(e.ids) for e in tokenizer.encode_batch(pairs)]
    out: dict[str, npt.NDArray[np.float64]] = {}
    cost: dict[str, int] = {}
    tokens: dict[str, int] = {}
    for way in WAYS:
        at = [[unique[(p, row.claim)] for p in premises_of(row, way)] for row in rows]
        chosen = [max(ids, key=lambda i: probabilities[i, Label.ENTAILED]) for ids in at]
        out[way] = probabilities[chosen]
        cost[way] = sum(len(ids) for ids in at)
        tokens[way] = sum(lengths[i] for ids in at for i in ids)
    return Readings(out, cost, tokens)


def format_table(rows: list[ClaimEvidenceRow], readings: Readings) -> str:
    truth = np.array([r.truth for r in rows], dtype=np.int_)
    lines = [
        "held-out claims: AUROC of P(entailed), supported vs the rest; gain over best, "
        "95% paired bootstrap over documents",
        f"{'set':<13}{'rows':>6}{'cosine':>8}" + "".join(f"{way:>26}" for way in WAYS),
    ]
    for name in dict.fromkeys(r.dataset for r in rows):
        at = np.array([i for i, r in enumerate(rows) if r.dataset == name])
        documents = [rows[i].document for i in at]
        cosine = auroc([rows[i].cosine for i in at], (truth[at] == Label.ENTAILED).tolist())
        cells = []
        for way in WAYS:
            c = paired_bootstrap(
                entailed_auroc,
                readings.probabilities["best"][at],
                readings.probabilities[way][at],
                truth[at],
                documents,
            )
            value = "-" if c.candidate is None else f"{100 * c.candidate:.1f}"
            if way == "best" or c.low is None or c.high is None:
                cells.append(f"{value:>26}")
            else:
                cells.append(f"{value} ({c.low:+.1f}..{c.high:+.1f})".rjust(26))
        shown = "-" if cosine is None else f"{100 * cosine:.1f}"
        lines.append(f"{name:<13}{len(at):>6}{shown:>8}" + "".join(cells))
    pairs, tokens = readings.pairs, readings.tokens
    costs = [
        f"{way} {pairs[way] / pairs['best']:.2f}x {tokens[way] / tokens['best']:.2f}x"
        for way in WAYS
    ]
    lines.append("cost against best (pairs, tokens): " + ", ".join(costs))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("weights", type=Path, help="the verifier weights (safetensors)")
    parser.add_argument("--limit", type=int, help="first N rows per set (smoke runs)")
    parser.add_argument("--rebuild", action="store_true", help="redo the retrieval")
    args = parser.parse_args()
    rows = cached_evidence_rows(args.limit, args.rebuild)
    print(format_table(rows, read_every_way(args.weights, rows)))


if __name__ == "__main__":
    main()
