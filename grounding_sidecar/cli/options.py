"""Command-line options that choose how to grade, shared by `check` and `calibrate`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grounding_sidecar.detection import (
    EMBEDDER_NAMES,
    ClaimPolicy,
    FirstStage,
    Grader,
    GraderSettings,
    load_embedder,
)
from grounding_sidecar.detection.contract import Scorer, VerifierMode
from grounding_sidecar.detection.embedding.minilm.store import DEFAULT_PRECISION, Precision
from grounding_sidecar.detection.embedding.registry import embedder_notes
from grounding_sidecar.detection.verifier.loading import load_verifier
from grounding_sidecar.settings.values import language_codes, optional

DEFAULT_EMBEDDER = "minilm"
EXIT_BAD_INPUT = 2


def add_grading_arguments(parser: argparse.ArgumentParser) -> None:
    grading = parser.add_argument_group("how to grade")
    grading.add_argument("--embedder", choices=EMBEDDER_NAMES, default=DEFAULT_EMBEDDER)
    grading.add_argument(
        "--precision",
        choices=[p.value for p in Precision],
        default=DEFAULT_PRECISION.value,
        help="the minilm graph: int8, the fp32 reference, or auto: int8 where the CPU has "
        "int8 dot-product instructions (docs/embedders.md#precision)",
    )
    grading.add_argument(
        "--scorer",
        choices=[s.value for s in Scorer],
        default=Scorer.CALIBRATED.value,
        help="cosine: best similarity >= threshold; calibrated: P(supported) from evidence",
    )
    grading.add_argument(
        "--threshold", type=float, help="cosine threshold (default: the embedder's)"
    )
    grading.add_argument(
        "--policy", choices=[p.value for p in ClaimPolicy], default=ClaimPolicy.STRICT.value
    )
    grading.add_argument(
        "--reference",
        metavar="TEXT",
        action="append",
        default=[],
        help="an approved external reference (classed policy; repeatable)",
    )
    grading.add_argument("--min-claim-words", type=positive_int, default=5)
    grading.add_argument(
        "--short-answers-with-question",
        action="store_true",
        help="read an answer with no gradable claim with its question (--question, "
        "a case's `question`), as the setting short-answers-with-question does",
    )
    first_stage = FirstStage()
    grading.add_argument(
        "--passage-budget-chars",
        type=non_negative_int,
        default=first_stage.budget_chars,
        help="passages longer in all are read through the lexical first stage (0: always)",
    )
    grading.add_argument(
        "--candidates-per-claim",
        type=positive_int,
        default=first_stage.per_claim,
        help="passages the lexical first stage picks for each claim",
    )
    grading.add_argument(
        "--verifier",
        choices=[m.value for m in VerifierMode],
        default=VerifierMode.AUTO.value,
        help="the entailment verifier (docs/verifier.md): auto runs it when installed",
    )
    grading.add_argument(
        "--verifier-model",
        metavar="DIR",
        default=None,
        help="your own checker as the verifier: model.onnx, tokenizer.json, config.json "
        "(docs/own-checker.md)",
    )
    grading.add_argument(
        "--languages",
        type=languages,
        default=("en",),
        metavar="CODES",
        help="languages the models read, comma-separated, or off (default: en); an answer "
        "or sources confidently in another are unknown (docs/detection.md#languages)",
    )
    grading.add_argument(
        "--calibration",
        metavar="PARAMS.json",
        type=Path,
        default=None,
        help="the calibrated scorer's parameters from `calibrate --fit` (default: shipped)",
    )


def build_grader(args: argparse.Namespace) -> Grader:
    """Raises EmbedderUnavailable, VerifierUnavailable or ValueError with a one-line
    message."""
    settings = GraderSettings(
        threshold=args.threshold,
        scorer=Scorer(args.scorer),
        min_claim_words=args.min_claim_words,
        short_answers_with_question=args.short_answers_with_question,
        first_stage=FirstStage(args.passage_budget_chars, args.candidates_per_claim),
        calibration=args.calibration,
        languages=frozenset(args.languages) if args.languages is not None else None,
    )
    verifier = load_verifier(VerifierMode(args.verifier), verifier_model=args.verifier_model)
    precision = Precision(args.precision)
    embedder = load_embedder(args.embedder, precision=precision)
    grader = Grader(embedder, settings, verifier=verifier)
    for note in (*embedder_notes(args.embedder, precision), *grader.notes()):
        print(f"grounding-sidecar: note: {note}", file=sys.stderr)
    return grader


def languages(value: str) -> tuple[str, ...] | None:
    try:
        parsed: tuple[str, ...] | None = optional(language_codes)(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected ISO 639-1 codes such as en,fr, or off; got {value!r}"
        ) from None
    return parsed


def positive_int(value: str) -> int:
    return _int_at_least(value, 1, "a positive integer")


def non_negative_int(value: str) -> int:
    return _int_at_least(value, 0, "an integer >= 0")


def _int_at_least(value: str, minimum: int, what: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what}, got {value!r}") from None
    if number < minimum:
        raise argparse.ArgumentTypeError(f"expected {what}, got {value}")
    return number


def bad_input(message: str) -> int:
    print(f"grounding-sidecar: error: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT
