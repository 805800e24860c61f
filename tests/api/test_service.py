"""The gRPC service is the documented one, and its response has the `check --json` keys."""


def test_the_service_is_the_documented_one() -> None:
    from grounding_sidecar.api.service import grounding_pb2

    service = grounding_pb2.DESCRIPTOR.services_by_name["GroundingService"]
    assert service.full_name == "grounding.v1.GroundingService"
    assert [m.name for m in service.methods] == ["Check"]
    from grounding_sidecar.detection import Grader, load_embedder

    check_json = Grader(load_embedder("hash")).check("Paris is in France today.", ["Paris."])
    response_fields = [f.name for f in grounding_pb2.CheckResponse.DESCRIPTOR.fields]
    assert response_fields == list(check_json.to_dict())  # the `check --json` keys, in order


def test_the_check_reads_the_question_and_the_claim_says_it_was_formed_with_it() -> None:
    import asyncio

    from grounding_sidecar.api.service import GroundingService, grounding_pb2
    from grounding_sidecar.app.checks import CheckRunner
    from grounding_sidecar.decision import GroundingPolicy
    from grounding_sidecar.detection import Grader, GraderSettings, HashEmbedder

    class _Policies:
        def policy_for(self, workspace_id: str | None) -> GroundingPolicy:
            return GroundingPolicy(enabled=True)

    asking = Grader(HashEmbedder(), GraderSettings(short_answers_with_question=True))
    assert asking.warm_up() is None  # as a server does before ready: tables loaded
    runner = CheckRunner(asking, deadline_seconds=5.0, workers=1)
    service = GroundingService(runner, _Policies())
    source = "The Eiffel Tower is located in Paris and was completed in 1889."

    async def check(question: str) -> object:
        request = grounding_pb2.CheckRequest(answer="Paris.", sources=[source], question=question)
        return await service.Check(request, None)

    try:
        asked = asyncio.run(check("Where is the Eiffel Tower located?"))
        alone = asyncio.run(check(""))
    finally:
        runner.close()
    assert asked.verdict == "pass"  # type: ignore[attr-defined]
    assert asked.claims[0].formed_with_question  # type: ignore[attr-defined]
    assert alone.verdict == "unknown" and not alone.claims  # type: ignore[attr-defined]
