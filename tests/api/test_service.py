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
