"""values.schema.json rejects typos, bad enums and impossible limits before anything renders."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from .chart import CHART, PROFILES, helm

pytestmark = pytest.mark.helm

BAD_VALUES = {
    "top-level typo": "moed: sidecar\n",
    "nested typo": "settings: {acton: BLOCK}\n",
    "bad action": "settings: {action: DROP}\n",
    "negative limit": "settings: {maxSources: -1}\n",
    "zero deadline": "settings: {checkDeadline: 0}\n",
    "bad workspace action": ("workspaces: [{id: acme, metadata: {grounding.action: block-it}}]\n"),
    "unknown workspace key": "workspaces: [{id: acme, metadata: {grounding.actoin: BLOCK}}]\n",
    "bad mode": "mode: daemonset\n",
    "bad embedder": "model: {embedder: gpt}\n",
    "bad precision": "model: {embedder: minilm, precision: int4}\n",
    "root container": "securityContext: {runAsNonRoot: false}\n",
    "threshold above one": "settings: {similarityThreshold: 1.5}\n",
    "bad istio context": "istio: {envoyFilter: {enabled: true, context: ANYWHERE}}\n",
    "identity typo": "workspaceIdentity: {stripClientHeaders: false}\n",
    "jwt without issuer": (
        "workspaceIdentity: {jwt: {enabled: true, audiences: [a], jwks: {uri: 'https://i/j'}}}\n"
    ),
    "jwt without audience": (
        "workspaceIdentity: {jwt: {enabled: true, issuer: i, jwks: {uri: 'https://i/j'}}}\n"
    ),
    "jwks uri not http": "workspaceIdentity: {jwt: {jwks: {uri: 'file:///etc/jwks'}}}\n",
    "zero retry-after": "envoy: {unavailableRetryAfterSeconds: 0}\n",
}


@pytest.mark.parametrize("text", BAD_VALUES.values(), ids=BAD_VALUES.keys())
def test_helm_rejects_bad_values(tmp_path: Path, text: str) -> None:
    values = tmp_path / "bad-values.yaml"
    values.write_text(text)
    result = helm("template", "gs", str(CHART), "-f", str(values), check=False)
    assert result.returncode != 0
    assert "values don't meet the specifications of the schema" in result.stderr


def test_defaults_and_profiles_satisfy_the_schema() -> None:
    schema = json.loads((CHART / "values.schema.json").read_text())
    defaults = yaml.safe_load((CHART / "values.yaml").read_text())
    jsonschema.Draft7Validator.check_schema(schema)
    jsonschema.validate(defaults, schema)
    for profile in PROFILES:
        merged = {**defaults, **yaml.safe_load(profile.read_text())}
        jsonschema.validate(merged, schema)
