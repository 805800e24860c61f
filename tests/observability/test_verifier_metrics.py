"""The verifier's series: read from its own counters, and valid exposition."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families

from grounding_sidecar.detection.verifier.runtime import BATCH_ROWS, OnnxVerifier
from grounding_sidecar.observability.metrics import GroundingMetrics
from grounding_sidecar.observability.verifier_metrics import VerifierCollector
from tests.support.observability_helpers import promtool

PASSAGE = "Refund requests are reviewed by the finance office within five working days."


def scraped(metrics: GroundingMetrics) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(metrics.exposition().decode())
        for s in family.samples
    }


def test_series_count_the_runs_pairs_and_tokens_the_model_read() -> None:
    verifier = OnnxVerifier()
    metrics = GroundingMetrics()
    metrics.watch(VerifierCollector(verifier.stats))
    before = scraped(metrics)
    claims = ["The finance office reviews refunds.", "Refunds take five days."] * BATCH_ROWS
    verifier.verify([(PASSAGE, claim) for claim in claims])
    after = scraped(metrics)
    lengths = [
        len(verifier.tokenizer.encode(PASSAGE, claim).ids) for claim in claims
    ]  # two lengths, one run each after sorting

    def grew(name: str, *labels: tuple[str, str]) -> float:
        key = (name, tuple(labels))
        return after[key] - before.get(key, 0.0)

    assert grew("gateway_grounding_verifier_runs_total") == 2
    assert grew("gateway_grounding_verifier_pairs_total") == len(claims)
    assert grew("gateway_grounding_verifier_tokens_total", ("kind", "real")) == sum(lengths)
    assert grew("gateway_grounding_verifier_tokens_total", ("kind", "padded")) == sum(lengths)


def test_padding_counts_each_run_at_its_longest_pair() -> None:
    verifier = OnnxVerifier()
    before = verifier.stats.padded_tokens, verifier.stats.real_tokens
    pairs = [(PASSAGE, "Refunds take five days."), (PASSAGE + " " + PASSAGE, "Refunds.")]
    verifier.verify(pairs)
    lengths = [len(verifier.tokenizer.encode(*pair).ids) for pair in pairs]
    assert verifier.stats.real_tokens - before[1] == sum(lengths)
    assert verifier.stats.padded_tokens - before[0] == 2 * max(lengths) > sum(lengths)


def test_exposition_with_the_verifier_passes_promtool() -> None:
    verifier = OnnxVerifier()
    verifier.verify([(PASSAGE, "Refunds take five days.")])
    metrics = GroundingMetrics()
    metrics.watch(VerifierCollector(verifier.stats))
    done = promtool("check", "metrics", stdin=metrics.exposition().decode())
    assert done.returncode == 0, done.stdout + done.stderr
