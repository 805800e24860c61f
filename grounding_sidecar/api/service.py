"""`grounding.v1.GroundingService`: a direct `Check` for callers that are not Envoy."""

from __future__ import annotations

import importlib
from typing import Any

import grpc

from grounding_sidecar.decision import CheckService, PolicySource, Unchecked
from grounding_sidecar.detection.contract import CheckResult

# Generated code is imported by name so mypy --strict does not type-check it (protoc's
# output is not strict-clean and must stay byte-identical to what protoc writes).
grounding_pb2: Any = importlib.import_module("grounding_sidecar.api.grounding_pb2")
grounding_pb2_grpc: Any = importlib.import_module("grounding_sidecar.api.grounding_pb2_grpc")


class GroundingService(grounding_pb2_grpc.GroundingServiceServicer):  # type: ignore[misc]
    def __init__(self, checks: CheckService, policies: PolicySource) -> None:
        self._checks = checks
        self._policies = policies

    async def Check(self, request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
        if not self._checks.available:
            await context.abort(
                grpc.StatusCode.FAILED_PRECONDITION,
                "grounding_unavailable: no embedding-backed detector is available",
            )
        if not request.answer.strip():
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, "answer is empty")
        policy = self._policies.policy_for(request.workspace or None)
        outcome = await self._checks.run(
            request.answer, list(request.sources), policy, question=request.question or None
        )
        result = outcome.result
        if result is None:
            if outcome.unchecked is Unchecked.DEADLINE_MISSED:
                await context.abort(grpc.StatusCode.DEADLINE_EXCEEDED, "check deadline missed")
            await context.abort(grpc.StatusCode.INTERNAL, "the check failed")
        assert result is not None
        return to_message(result)


def to_message(result: CheckResult) -> Any:
    """The `check --json` object as a message: same field names, same values."""
    data = result.to_dict()
    response = grounding_pb2.CheckResponse(
        version=data["version"],
        verdict=data["verdict"],
        reasons=data["reasons"],
        grounded=data["grounded"],
        confidence=data["confidence"],
        skipped_claims=[grounding_pb2.SkippedClaim(**s) for s in data["skipped_claims"]],
        dropped_sources=[grounding_pb2.DroppedSource(**d) for d in data["dropped_sources"]],
    )
    if data["overall_similarity"] is not None:
        response.overall_similarity = data["overall_similarity"]
    for claim in data["claims"]:
        message = response.claims.add(
            text=claim["text"],
            span=claim["span"],
            claim_class=claim["claim_class"],
            verdict=claim["verdict"],
            evidence=[grounding_pb2.Evidence(**e) for e in claim["evidence"]],
            rationale=claim["rationale"],
            formed_with_question=claim.get("formed_with_question", False),
        )
        if claim["score"] is not None:
            message.score = claim["score"]
    return response
