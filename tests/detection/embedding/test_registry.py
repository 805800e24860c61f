"""The embedder registry: which embedders serve claims and passages, and how many runs
of how many threads fill the usable CPUs."""

from __future__ import annotations

import pytest

from grounding_sidecar.common.cpus import int8_dot_products
from grounding_sidecar.detection.embedding.hashing import HashEmbedder
from grounding_sidecar.detection.embedding.minilm.store import Precision
from grounding_sidecar.detection.embedding.registry import (
    ServingOptions,
    load_embedder,
    resolve_parallelism,
    serving_embedders,
)


def test_hash_is_used_as_is() -> None:
    embedders = serving_embedders("hash", ServingOptions())
    assert isinstance(embedders.claims, HashEmbedder)
    assert embedders.passages is embedders.claims


@pytest.mark.minilm
def test_the_precision_picks_the_minilm_graph_and_hash_ignores_it() -> None:
    default = "+int8@" in load_embedder("minilm").version_tag
    assert default is int8_dot_products()  # auto: int8 where the CPU has its instructions
    assert "+int8@" in load_embedder("minilm", precision=Precision.INT8).version_tag
    assert "+int8@" not in load_embedder("minilm", precision=Precision.FP32).version_tag
    served = serving_embedders("minilm", ServingOptions(precision=Precision.FP32))
    assert served.batcher is not None
    with served.batcher:
        assert "+int8@" not in served.claims.version_tag
    assert load_embedder("hash", precision=Precision.INT8).version_tag == HashEmbedder().version_tag


@pytest.mark.parametrize(
    ("workers", "threads", "cpus", "expected"),
    [
        (0, 0, 2, (2, 1)),  # automatic: one single-thread run per CPU
        (0, 0, 16, (2, 1)),  # at most MAX_AUTO_WORKERS runs chosen automatically
        (0, 0, 1, (1, 1)),
        (0, 2, 2, (1, 2)),  # threads set: the runs that fit
        (0, 4, 2, (1, 4)),  # oversubscription asked for is kept
        (1, 0, 8, (1, 8)),  # workers set: the CPUs left per run
        (3, 2, 2, (3, 2)),  # both set: as given
    ],
)
def test_parallelism_fills_the_usable_cpus(
    workers: int, threads: int, cpus: int, expected: tuple[int, int]
) -> None:
    resolved = resolve_parallelism(ServingOptions(workers=workers, intra_op_threads=threads), cpus)
    assert (resolved.workers, resolved.intra_op_threads) == expected
