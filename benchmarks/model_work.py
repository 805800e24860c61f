"""Where a replica's model work goes: tokens by kind per verdict, and how much of the
machine's FLOP ceiling the sidecar's own CPU time reaches.

Counted by the sidecar itself (docs/operations.md#metrics), read from its metrics
endpoint before and after a run: the embedder's real tokens by kind of text
(`gateway_grounding_embed_text_tokens`: source passages, claims) and padded in all
(`gateway_grounding_embed_tokens`), and the verifier's pairs and tokens
(`gateway_grounding_verifier_tokens`).  Both models are the MiniLM-L6 encoder, so a
token costs the same dense-layer FLOPs in either (`FLOP_PER_TOKEN`, benchmarks/
embedder.py; attention's length-dependent part is left out, so the ceiling is slightly
generous).  The models compute on padded rows, so the FLOPs are the padded tokens'.

The share of the ceiling is the model FLOPs against what the sidecar's CPU seconds
could do at the machine's measured one-thread SGEMM peak: CPU time, not wall time,
because Envoy, the mock upstream and the client share the cores.  The rest is
everything else the sidecar does (tokenising, the rules, gRPC, JSON) and the GEMMs'
own shortfall from the peak.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from benchmarks.embedder import FLOP_PER_TOKEN
from devtools.serving import metrics_text

# (series, its label as exposed) -> the ModelTokens field it fills
_SERIES = {
    ("gateway_grounding_embed_text_tokens_total", 'text="passage"'): "passage",
    ("gateway_grounding_embed_text_tokens_total", 'text="claim"'): "claim",
    ("gateway_grounding_embed_tokens_total", 'kind="padded"'): "embed_padded",
    ("gateway_grounding_verifier_tokens_total", 'kind="real"'): "pair",
    ("gateway_grounding_verifier_tokens_total", 'kind="padded"'): "pair_padded",
    ("gateway_grounding_verifier_pairs_total", ""): "pairs",
}


@dataclass(frozen=True)
class ModelTokens:
    """The sidecar's model-work counters at one moment (or a difference of two)."""

    passage: float = 0.0  # real tokens of source passages embedded
    claim: float = 0.0  # real tokens of claims (and other non-source texts) embedded
    embed_padded: float = 0.0  # what the embedder computed on
    pair: float = 0.0  # real tokens of claim/passage pairs the verifier read
    pair_padded: float = 0.0  # what the verifier computed on
    pairs: float = 0.0

    @classmethod
    def parse(cls, exposition: str) -> ModelTokens:
        """The counters in a Prometheus text exposition (absent series count 0)."""
        values: dict[str, float] = {}
        for line in exposition.splitlines():
            if line.startswith("#") or " " not in line:
                continue
            sample, value = line.rsplit(" ", 1)
            name, _, labels = sample.partition("{")
            field = _SERIES.get((name, labels.rstrip("}")))
            if field is not None:
                values[field] = float(value)
        return cls(**values)

    @classmethod
    def scrape(cls, metrics_port: int) -> ModelTokens:
        return cls.parse(metrics_text(metrics_port))

    def __sub__(self, other: ModelTokens) -> ModelTokens:
        return ModelTokens(
            **{f.name: getattr(self, f.name) - getattr(other, f.name) for f in fields(self)}
        )

    def __add__(self, other: ModelTokens) -> ModelTokens:
        return ModelTokens(
            **{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)}
        )

    @property
    def flops(self) -> float:
        """Dense-layer FLOPs of both models' runs (padded rows included)."""
        return (self.embed_padded + self.pair_padded) * FLOP_PER_TOKEN


def ceiling_share(work: ModelTokens, cpu_seconds: float, peak_gflops_one_thread: float) -> float:
    """The model FLOPs against what `cpu_seconds` could do at the one-thread peak."""
    return work.flops / max(cpu_seconds * peak_gflops_one_thread * 1e9, 1e-9)


TABLE_HEADER = (
    "| target | tokens/verdict: passages / claims / pairs (real) | padded: embedder / verifier "
    "| pairs/verdict | model GFLOP/verdict | sidecar CPU ms/verdict | share of FLOP ceiling |\n"
    "|---|---|---|---|---|---|---|"
)


def table_row(name: str, work: ModelTokens, verdicts: int, cpu_seconds: float, peak: float) -> str:
    """One target's model work per verdict, as a row under TABLE_HEADER."""
    each = max(verdicts, 1)
    return (
        f"| {name} | {work.passage / each:.0f} / {work.claim / each:.0f} / {work.pair / each:.0f} "
        f"| {work.embed_padded / each:.0f} / {work.pair_padded / each:.0f} "
        f"| {work.pairs / each:.1f} | {work.flops / each / 1e9:.1f} "
        f"| {cpu_seconds / each * 1000:.0f} | {ceiling_share(work, cpu_seconds, peak):.0%} |"
    )
