"""The library surface: `grounding_sidecar.__all__` is pinned, and every name in it works."""

from __future__ import annotations

import grounding_sidecar
import grounding_sidecar.detection as detection

# The supported surface, written once here on purpose: changing it is an API change.
PUBLIC = """
    EMBEDDER_NAMES CheckResult ClaimClass ClaimPolicy Embedder EmbedderUnavailable
    EmbeddingError EmbeddingTimeout Evidence Grader GraderSettings HashEmbedder Reason
    ResponseVerdict Scorer SourceLimits StatementGrade Verdict __version__ load_embedder
""".split()


def test_all_is_pinned() -> None:
    assert sorted(grounding_sidecar.__all__) == sorted(PUBLIC)


def test_every_public_name_is_the_detection_layer_object() -> None:
    for name in PUBLIC:
        if name != "__version__":
            assert getattr(grounding_sidecar, name) is getattr(detection, name), name


def test_the_version_is_the_installed_distribution_version() -> None:
    from importlib.metadata import version

    assert grounding_sidecar.__version__ == version("grounding-sidecar")


def test_the_surface_grades_an_answer() -> None:
    from grounding_sidecar import Grader, ResponseVerdict, Verdict, load_embedder

    source = "Order 5512 shipped on 3 June by ground freight."
    result = Grader(load_embedder("hash")).check(source, [source])
    assert result.verdict is ResponseVerdict.PASS
    assert [claim.verdict for claim in result.claims] == [Verdict.SUPPORTED]
