"""The CRDs' CEL rules (`x-kubernetes-validations`) hold for every rendered custom resource.

jsonschema (test_chart_render.py) ignores CEL, so an object it accepts may still be refused
by the API server: `mergeType` on a Gateway target was one.  cel.py evaluates every rule of
the vendored schemas at its node; these tests run it on every ci/ profile, show that a
broken object is refused, and that a rule this suite cannot evaluate fails instead of
passing.  Like every chart test they render the export of HEAD: commit before running.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from celpy import celtypes

from . import cel
from .chart import CHART, SCHEMAS, Manifest, by_kind, helm, is_core, one, render, schema_for
from .test_chart_render import WITHOUT_VENDORED_SCHEMA  # kinds whose CRD is not vendored

pytestmark = pytest.mark.helm

ROUTE_TARGET = [
    "envoyGateway.extensionPolicy.targetRefs[0].group=gateway.networking.k8s.io",
    "envoyGateway.extensionPolicy.targetRefs[0].kind=HTTPRoute",
    "envoyGateway.extensionPolicy.targetRefs[0].name=chat",
]
# Values beyond the ci/ profiles whose objects carry fields the profiles leave out.
VARIANTS = {
    "standalone+StrategicMerge on a route": (
        "standalone",
        [*ROUTE_TARGET, "envoyGateway.extensionPolicy.mergeType=StrategicMerge"],
    ),
    "eg-sidecar+JSONMerge on a route": (
        "eg-sidecar",
        [*ROUTE_TARGET, "envoyGateway.extensionPolicy.mergeType=JSONMerge"],
    ),
}


def schema_name(manifest: Manifest) -> str:
    group, _, version = manifest["apiVersion"].rpartition("/")
    return f"{manifest['kind'].lower()}-{group}-{version}.json"


def custom_resources(manifests: list[Manifest]) -> list[Manifest]:
    return [m for m in manifests if not is_core(m) and m["kind"] not in WITHOUT_VENDORED_SCHEMA]


def check(manifest: Manifest, result: cel.Result | None = None) -> cel.Result:
    return cel.evaluate(manifest, schema_for(manifest), schema_name(manifest), result)


def all_rules() -> list[cel.Rule]:
    found = []
    for path in sorted(SCHEMAS.glob("*.json")):
        found += cel.rules(json.loads(path.read_text()), path.name)
    return found


@pytest.fixture(scope="module")
def variants() -> dict[str, list[Manifest]]:
    return {
        name: render([CHART / "ci" / f"{profile}-values.yaml"], sets)
        for name, (profile, sets) in VARIANTS.items()
    }


def test_every_rule_sits_where_it_is_evaluated_and_can_be() -> None:
    """The walk finds every rule of each schema file (none hidden in an allOf), each
    parses, and each names only functions cel-python or cel.EXTENSIONS implement, or
    ones in cel.UNSUPPORTED (which test_rendered_... shows no rendered object reaches)."""
    for path in sorted(SCHEMAS.glob("*.json")):
        document = json.loads(path.read_text())
        assert len(cel.rules(document, path.name)) == cel.rule_count_anywhere(document), path
    rules = all_rules()
    assert len(rules) == 271  # the vendored schemas' count; update with the schemas
    unknown = {f for rule in rules for f in cel.unsupported_functions(rule)}
    assert unknown <= set(cel.UNSUPPORTED), unknown - set(cel.UNSUPPORTED)
    used = {name for rule in rules for name, _ in cel.calls(rule.rule)}
    assert {"upperAscii", "trim"} <= used  # why cel.EXTENSIONS exists
    assert not [rule for rule in rules if rule.transition]  # no oldSelf rule today


def test_rendered_custom_resources_pass_every_cel_rule(
    rendered: dict[str, list[Manifest]], variants: dict[str, list[Manifest]]
) -> None:
    result = cel.Result()
    kinds = set()
    for name, manifests in {**rendered, **variants}.items():
        for manifest in custom_resources(manifests):
            kinds.add(manifest["kind"])
            before = len(result.failures)
            check(manifest, result)
            assert len(result.failures) == before, f"{name}: {result.failures[before:]}"
    assert {"EnvoyExtensionPolicy", "EnvoyProxy", "Backend", "EnvoyFilter"} <= kinds
    rules = {rule.key: rule for rule in all_rules()}
    applied = [rules[key] for key in result.applied]
    # No rule needing an unsupported function applies to what the chart renders.
    assert not [r for r in applied if cel.unsupported_functions(r)]
    # The rules placed where the chart's fields are (a walk that matched nothing would
    # pass vacuously): at least these were evaluated.
    messages = {rule.message for rule in applied}
    assert {
        "mergeType can only be used with xRoute targets",
        "either targetRef or targetRefs must be used",
        "BackendRefs only supports Service, ServiceImport, and Backend kind.",
    } <= messages, messages
    paths = {(rule.schema.split("-")[0], rule.path) for rule in applied}
    assert {
        ("envoyextensionpolicy", ".spec"),
        ("envoyextensionpolicy", ".spec.extProc[]"),
        ("envoyextensionpolicy", ".spec.extProc[].metadata.writableNamespaces"),
        ("backend", ".spec.endpoints[].unix.path"),
        ("envoyproxy", ".spec.provider.kubernetes"),
        ("envoyfilter", ".spec"),
        ("envoyfilter", ".spec.configPatches[].match"),
        ("envoyfilter", ".spec.workloadSelector.labels{}"),
    } <= paths, paths
    assert len(result.applied) >= 30 and result.evaluations >= len(result.applied)
    print(  # the numbers docs and reviews quote (`pytest -s`)
        f"CEL rules: {len(rules)} in the vendored schemas, {len(result.applied)} apply to "
        f"rendered objects, {result.evaluations} evaluations, "
        f"{len(result.skipped_transition)} transition rules skipped, "
        f"{sum(bool(cel.unsupported_functions(r)) for r in rules.values())} unsupported"
    )


# --- a broken object is refused ---------------------------------------------------------


def set_path(target: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split(".")
    for key in parents:
        target = target[int(key)] if key.isdigit() else target.setdefault(key, {})
    target[last] = value


def mutate(path: str, value: Any) -> Callable[[Manifest], None]:
    return lambda manifest: set_path(manifest, path, value)


EXT_PROC = "spec.extProc.0"
HEALTH = f"{EXT_PROC}.backendSettings.healthCheck.active"
KUBERNETES = "spec.provider.kubernetes"
BROKEN: dict[str, tuple[str, str, Callable[[Manifest], None], str]] = {
    "mergeType on a Gateway": (
        "standalone", "EnvoyExtensionPolicy", mutate("spec.mergeType", "StrategicMerge"),
        "mergeType can only be used with xRoute targets",
    ),
    "mergeType Replace": (
        "standalone+StrategicMerge on a route", "EnvoyExtensionPolicy",
        mutate("spec.mergeType", "Replace"), "Replace is not a valid MergeType",
    ),
    "targetRef and targetRefs": (
        "standalone", "EnvoyExtensionPolicy",
        mutate("spec.targetRef", {"group": "gateway.networking.k8s.io", "kind": "Gateway",
                                  "name": "eg"}),
        "either targetRef or targetRefs must be used",
    ),
    "fail open with full duplex": (
        "standalone", "EnvoyExtensionPolicy", mutate(f"{EXT_PROC}.failOpen", True),
        "If FullDuplexStreamed body processing mode is used, FailOpen must be false.",
    ),
    "an Envoy namespace writable": (
        "eg-sidecar", "EnvoyExtensionPolicy",
        mutate(f"{EXT_PROC}.metadata.writableNamespaces", ["grounding", "envoy.filters.http.x"]),
        "writableNamespaces cannot contain well-known Envoy HTTP filter namespaces",
    ),
    "keepalive timeout not below the interval (duration)": (
        "standalone", "EnvoyExtensionPolicy",
        mutate(f"{EXT_PROC}.backendSettings.http2",
               {"connectionKeepalive": {"timeout": "30s", "interval": "10s"}}),
        "timeout must be less than interval",
    ),
    "a GET health check with a body (upperAscii)": (
        "standalone", "EnvoyExtensionPolicy",
        mutate(HEALTH, {"type": "HTTP", "http": {"path": "/", "method": "get",
                                                 "requestBody": {"type": "Text", "text": "x"}}}),
        "The requestBody field can only be set when method is POST or PUT.",
    ),
    "a socket path over 108 bytes": (
        "eg-sidecar", "Backend", mutate("spec.endpoints.0.unix.path", "/run/" + "s" * 110),
        "unix domain socket path must not exceed 108 characters",
    ),
    "a unix endpoint that also names a host": (
        "eg-sidecar", "Backend", mutate("spec.endpoints.0.fqdn", {"hostname": "gs", "port": 1}),
        "only one of fqdn, ip or unix can be specified",
    ),
    "a Deployment and a DaemonSet": (
        "eg-sidecar", "EnvoyProxy", mutate(f"{KUBERNETES}.envoyDaemonSet", {}),
        "only one of envoyDeployment or envoyDaemonSet can be specified",
    ),
    "a blank Lua env var (trim)": (
        "eg-sidecar", "EnvoyProxy",
        mutate("spec.lua", {"strictValidation": {"allowedEnvVars": ["HOME", " \u3000"]}}),
        "allowedEnvVars entries must not be blank or whitespace-only",
    ),
    "workload selector and targetRefs": (
        "istio-gateway", "EnvoyFilter",
        mutate("spec.targetRefs", [{"kind": "Gateway", "group": "gateway.networking.k8s.io",
                                    "name": "eg"}]),
        "only one of targetRefs or workloadSelector can be set",
    ),
    "a wildcard in a selector label": (
        "istio-sidecar", "EnvoyFilter", mutate("spec.workloadSelector.labels.app", "*"),
        "wildcard is not supported in selector",
    ),
}  # fmt: skip


@pytest.mark.parametrize(("source", "kind", "change", "message"), BROKEN.values(), ids=BROKEN)
def test_a_broken_object_is_refused(
    rendered: dict[str, list[Manifest]],
    variants: dict[str, list[Manifest]],
    source: str,
    kind: str,
    change: Callable[[Manifest], None],
    message: str,
) -> None:
    """Each change breaks one rule of the rendered object, which passed them all."""
    manifest = one({**rendered, **variants}[source], kind)
    assert check(manifest).failures == []
    broken = copy.deepcopy(manifest)
    change(broken)
    result = check(broken)
    assert result.errors == []  # refused by a false rule, not by an evaluation error
    assert len(result.violations) >= 1
    assert all(message in violation for violation in result.violations), result.violations


@pytest.mark.parametrize(
    ("source", "kind", "path", "accepted", "refused"),
    [
        # upperAscii: a lower-case POST may carry a body, a GET may not.
        ("standalone", "EnvoyExtensionPolicy", HEALTH,
         {"type": "HTTP", "http": {"path": "/", "method": "post",
                                   "requestBody": {"type": "Text", "text": "x"}}},
         {"type": "HTTP", "http": {"path": "/", "method": "gEt",
                                   "requestBody": {"type": "Text", "text": "x"}}}),
        # trim: a name with spaces around it is not blank, one of only spaces is.
        ("eg-sidecar", "EnvoyProxy", "spec.lua",
         {"strictValidation": {"allowedEnvVars": [" HOME "]}},
         {"strictValidation": {"allowedEnvVars": ["\t\u2003"]}}),
    ],
    ids=["upperAscii", "trim"],
)  # fmt: skip
def test_the_kubernetes_functions_decide_rules_both_ways(
    rendered: dict[str, list[Manifest]],
    source: str,
    kind: str,
    path: str,
    accepted: Any,
    refused: Any,
) -> None:
    manifest = one(rendered[source], kind)
    good, bad = copy.deepcopy(manifest), copy.deepcopy(manifest)
    set_path(good, path, accepted)
    set_path(bad, path, refused)
    assert check(good).failures == []
    assert check(bad).errors == [] and len(check(bad).violations) == 1


# --- what cannot be evaluated fails; self is bound as Kubernetes binds it ---------------


def one_rule(rule: str, node: dict[str, Any] | None = None) -> cel.Schema:
    return {
        "type": "object",
        "properties": {"spec": {**(node or {"type": "object"}),
                                "x-kubernetes-validations": [{"rule": rule, "message": "m"}]}},
    }  # fmt: skip


def run(rule: str, spec: Any, node: dict[str, Any] | None = None) -> cel.Result:
    manifest = {"kind": "Test", "metadata": {"name": "t"}, "spec": spec}
    return cel.evaluate(manifest, one_rule(rule, node), "test.json")


def test_an_unsupported_function_fails_instead_of_passing() -> None:
    result = run("self.url.isURL() || true", {"url": "https://x"})
    assert result.violations == [] and len(result.errors) == 1
    assert "isURL" in result.errors[0]
    rule = cel.Rule("t", "", 0, "self.all(i, v, v > 0)", "m")
    assert cel.unsupported_functions(rule) == {"all/3"}


def test_an_evaluation_error_fails_instead_of_passing() -> None:
    result = run("self.missing == 1", {"present": 1})
    assert result.violations == [] and len(result.errors) == 1


def test_rules_bind_self_at_their_node_as_the_api_server_does() -> None:
    assert run("self.x > 1", {"x": 2}).failures == []
    assert run("self.x > 1", {"x": 1}).violations
    node = {
        "type": "object",
        "properties": {
            "namespace": {"type": "string"},
            "max-size": {"type": "integer"},
            "ratio": {"type": "number"},
            "mode": {"type": "string", "default": "Strict"},
            "labels": {"type": "object", "additionalProperties": {"type": "string"}},
        },
    }
    spec = {"namespace": "ns", "max-size": 3, "ratio": 1, "labels": {"a-b": "c"}}
    rule = (
        "self.__namespace__ == 'ns' && self.max__dash__size == 3 && type(self.ratio) == double"
        " && self.mode == 'Strict' && self.labels['a-b'] == 'c'"
    )
    assert run(rule, spec, node).failures == []
    # Not evaluated where the value is absent: only nodes present in the object.
    assert run("false", None).evaluations == 0


@pytest.mark.parametrize(
    ("name", "argument", "expected"),
    [("upperAscii", "post é", "POST é"), ("lowerAscii", "POST É", "post É"),
     ("trim", "\u3000 x y\t\n", "x y")],
    ids=["upperAscii", "lowerAscii", "trim"],
)  # fmt: skip
def test_kubernetes_string_functions(name: str, argument: str, expected: str) -> None:
    """As cel-go's strings extension: ASCII letters only, Unicode White_Space trimmed."""
    function = cel.EXTENSIONS.get(name)
    assert function is not None, f"{name} is not implemented"
    assert function(celtypes.StringType(argument)) == expected


# --- the values close the hole the CEL rule guards ---------------------------------------


def test_merge_type_with_a_gateway_target_is_refused_before_rendering(tmp_path: Path) -> None:
    """values.schema.json refuses what the CRD's CEL rule refuses: mergeType needs route
    targets, so `helm install` fails before a cluster does."""
    values = tmp_path / "values.yaml"
    values.write_text(
        "envoyGateway:\n  extensionPolicy:\n    enabled: true\n    mergeType: StrategicMerge\n"
        "    targetRefs:\n      - {group: gateway.networking.k8s.io, kind: HTTPRoute, name: a}\n"
        "      - {group: gateway.networking.k8s.io, kind: Gateway, name: eg}\n"
    )
    result = helm("template", "gs", str(CHART), "-f", str(values), check=False)
    assert result.returncode != 0
    assert "values don't meet the specifications of the schema" in result.stderr
    assert "/envoyGateway/extensionPolicy/targetRefs/1/kind" in result.stderr
    # An empty mergeType (the default) keeps Gateway targets.
    sets = ["envoyGateway.extensionPolicy.enabled=true", "envoyGateway.extensionPolicy.mergeType="]
    sets += [s.replace("HTTPRoute", "Gateway") for s in ROUTE_TARGET]
    (policy,) = by_kind(render(sets=sets), "EnvoyExtensionPolicy")
    assert "mergeType" not in policy["spec"] and check(policy).failures == []
