"""What reading only the claims whose verdict the verifier can change costs in
quality and saves in verifier pairs (docs/verifier.md#in-the-pipeline).

The same held-out claims are graded twice per embedder, in one process (one cache):
by the shipped grader, and by the same grader whose judge reads every claim over
the support floor (the rule before `Judge.reading_matters`).  Both recordings are
written in `benchmarks.quality --record`'s format, so
`python -m benchmarks.quality_compare` gives the paired-bootstrap differences; the
run prints, per set, the claims the verifier read each way and the verdicts that
differ (none, by construction).

    python -m tools.studies.reading_skip [--embedders hash,minilm] [--limit N] [--out DIR]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path

from benchmarks.quality import QUALITY_SETS, REWRITES, grade_claims, rewrite_cases
from benchmarks.quality_metrics import ClaimRecord
from grounding_sidecar.detection import Grader, GraderSettings, load_embedder
from grounding_sidecar.detection.contract import Scorer, Verification, VerifierMode
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder
from grounding_sidecar.detection.judging.calibration import load_calibration
from grounding_sidecar.detection.judging.evidence import ClaimEvidence
from grounding_sidecar.detection.judging.judges import CalibratedJudge, Judgement
from grounding_sidecar.detection.verifier.loading import load_verifier
from grounding_sidecar.evaluation.agreement import LabelledCase
from tools.eval_data import MEASUREMENT_ONLY, Part, iter_available, load, part_of


@dataclass(frozen=True)
class ReadEveryClaim:
    """The shipped judge, reading every claim it may support."""

    inner: CalibratedJudge

    @property
    def tag(self) -> str:
        return self.inner.tag

    def reading_matters(self, evidence: ClaimEvidence) -> bool:
        return evidence.cosine >= self.inner.support_floor

    def judge(self, evidence: ClaimEvidence, verification: Verification | None = None) -> Judgement:
        return self.inner.judge(evidence, verification)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedders", default="minilm,hash")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--sets", default=",".join([*QUALITY_SETS, "rewrites"]))
    parser.add_argument("--out", type=Path, default=Path("build/skip"))
    args = parser.parse_args()
    datasets = {
        (f"{n} (holdout)" if n not in MEASUREMENT_ONLY else n): [
            c for c in load(n) if part_of(c) is Part.HOLDOUT
        ][: args.limit]
        for n in iter_available(args.sets.split(","))
    }
    if "rewrites" in args.sets:
        datasets["rule-made rewrites (holdout)"] = rewrite_cases_default()[: args.limit]
    args.out.mkdir(parents=True, exist_ok=True)
    outputs = {way: (args.out / f"{way}.jsonl").open("w") for way in ("every", "needed")}
    print("| embedder | set | claims | read (every) | read (needed) | verdicts differing |")
    print("|---|---|---|---|---|---|")
    for name in args.embedders.split(","):
        embedder = load_embedder(name)
        cached = CachedEmbedder(embedder)
        settings = GraderSettings(scorer=Scorer.CALIBRATED)
        verifier = load_verifier(VerifierMode.ON)
        assert verifier is not None
        judge = CalibratedJudge(
            load_calibration(embedder, verifier.version_tag), embedder.default_threshold
        )
        needed = Grader(embedder, settings, passage_embedder=cached, verifier=verifier)
        every = Grader(
            embedder,
            settings,
            passage_embedder=cached,
            verifier=verifier,
            judge=ReadEveryClaim(judge),
        )
        for set_name, cases in datasets.items():
            records = {
                way: grade_claims(g, cases) for way, g in (("every", every), ("needed", needed))
            }
            for way, rows in records.items():
                for record in rows:
                    line = {"embedder": name, "rule": "calibrated+verifier", "version": way}
                    line |= {"set": set_name, **dataclasses.asdict(record)}
                    outputs[way].write(json.dumps(line) + "\n")
            differing = sum(
                a.verdict != b.verdict
                for a, b in zip(records["every"], records["needed"], strict=True)
            )
            print(
                f"| {name} | {set_name} | {len(records['every'])} | {_read(records['every'])} "
                f"| {_read(records['needed'])} | {differing} |",
                flush=True,
            )
    for handle in outputs.values():
        handle.close()


def _read(records: list[ClaimRecord]) -> int:
    return sum(record.verified for record in records)


def rewrite_cases_default() -> list[LabelledCase]:
    return rewrite_cases(REWRITES)


if __name__ == "__main__":
    main()
