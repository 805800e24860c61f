"""Every global setting: its default, YAML key, environment variable and accepted values.

`Settings` holds the values; `SETTINGS` describes each one.  The key of a setting is
its YAML key and `serve` flag (`similarity-threshold`); its environment variable is
derived by one rule, `env_var_for`:

    GROUNDING_SIDECAR_ + key upper-cased, `-` replaced by `_`
    similarity-threshold -> GROUNDING_SIDECAR_SIMILARITY_THRESHOLD

Keys are flat (no nesting), so no other separator is needed.  docs/configuration.md
is checked against this table by the tests.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from grounding_sidecar.decision.actions import Action, HeldStreams, ReportLevel, UnknownHandling
from grounding_sidecar.decision.policy import GroundingPolicy, WorkspaceOverride
from grounding_sidecar.detection.contract import ClaimPolicy, Scorer, VerifierMode
from grounding_sidecar.detection.embedding.minilm.store import DEFAULT_PRECISION, Precision
from grounding_sidecar.detection.embedding.registry import EMBEDDER_NAMES
from grounding_sidecar.settings import values as v

ENV_PREFIX = "GROUNDING_SIDECAR_"
MIB = 1 << 20
_POLICY = GroundingPolicy()


def env_var_for(key: str) -> str:
    return ENV_PREFIX + key.upper().replace("-", "_")


@dataclass(frozen=True, slots=True)
class Settings:
    """The process-wide settings, validated.  Field names are the keys with `_`."""

    # server
    host: str = "127.0.0.1"
    port: int | None = 50051
    unix_socket: str | None = None
    health_port: int | None = None
    grace_seconds: float = 10.0
    workers: int | None = None
    log_level: str = "INFO"
    # detector: bound at start-up (the threshold is global, never per workspace)
    embedder: str = "minilm"
    precision: Precision = DEFAULT_PRECISION
    scorer: Scorer = Scorer.CALIBRATED
    verifier: VerifierMode = VerifierMode.AUTO
    verifier_model: str | None = None  # a checker's directory (docs/own-checker.md)
    calibration: str | None = None  # fitted parameters (docs/own-checker.md#calibration)
    similarity_threshold: float | None = None  # None: the embedder's calibrated default
    min_claim_words: int = 5
    short_answers_with_question: bool = False  # docs/detection.md#short-answers
    languages: tuple[str, ...] | None = ("en",)  # docs/detection.md#languages; None: any
    # the lexical first stage (docs/detection.md#the-lexical-first-stage)
    passage_budget_chars: int = 20_000
    candidates_per_claim: int = 8
    # the neural embedder in the server (ignored by `hash`)
    embed_workers: int | None = None  # None: automatic (registry.resolve_parallelism)
    embed_threads: int | None = None  # None: automatic (registry.resolve_parallelism)
    embed_spinning: bool = False
    embed_batch_wait_ms: float = 2.0
    passage_cache_mb: int = 128
    # global grounding policy: what a workspace without an override gets (the defaults of
    # docs/contract.md#defaults live in GroundingPolicy; taken from there so they cannot
    # drift)
    enabled: bool = _POLICY.enabled
    action: Action = _POLICY.action
    max_sources: int = _POLICY.max_sources
    max_source_length: int = _POLICY.max_source_length
    unknown: UnknownHandling = _POLICY.unknown
    unverifiable: UnknownHandling = _POLICY.unverifiable
    claim_policy: ClaimPolicy = _POLICY.claim_policy
    report: ReportLevel = _POLICY.report
    delivery: HeldStreams = _POLICY.delivery
    # exchange limits
    workspace_header: str = "x-workspace-id"
    unknown_workspace_policy: str | None = None  # None: unknown ids get the global policy
    max_response_bytes: int = MIB
    max_stream_bytes: int = MIB
    check_deadline: float = 5.0
    # observability
    metrics_host: str = "127.0.0.1"
    metrics_port: int | None = 9464
    audit_sink: str = "stdout"
    audit_queue_size: int = 10_000
    otlp_endpoint: str | None = None
    otel_service_name: str = "grounding-sidecar"
    # per-workspace overrides
    policy_dir: str | None = None
    policy_poll_seconds: float = 1.0
    workspaces: Mapping[str, WorkspaceOverride] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SettingSpec:
    key: str
    parse: Callable[[Any], Any]
    accepted: str  # shown in errors and in the docs
    help: str

    @property
    def field_name(self) -> str:
        return self.key.replace("-", "_")

    @property
    def env_var(self) -> str:
        return env_var_for(self.key)


def _spec(key: str, parse: Callable[[Any], Any], accepted: str, help: str) -> SettingSpec:
    return SettingSpec(key, parse, accepted, help)


_PORT = "an integer 0..65535 (0: any free port)"
_OPTIONAL_PORT = _PORT + ", or off"

SETTINGS: tuple[SettingSpec, ...] = (
    _spec("host", v.text, "an address", "address the ext_proc server binds"),
    _spec("port", v.optional(v.port), _OPTIONAL_PORT, "ext_proc gRPC port"),
    _spec("unix-socket", v.optional(v.text), "a path, or off", "also listen on this socket"),
    _spec("health-port", v.optional(v.port), _OPTIONAL_PORT, "separate grpc.health.v1 port"),
    _spec("grace-seconds", v.non_negative_float, "seconds >= 0", "shutdown grace period"),
    _spec(
        "workers",
        v.optional(v.positive_int),
        "an integer >= 1, or off: one per usable CPU",
        "check threads",
    ),
    _spec(
        "log-level",
        lambda raw: v.one_of("debug", "info", "warning", "error")(raw).upper(),
        "DEBUG | INFO | WARNING | ERROR",
        "log level",
    ),
    _spec(
        "embedder",
        v.one_of(*EMBEDDER_NAMES),
        " | ".join(EMBEDDER_NAMES),
        "embedding model; one that cannot load is never replaced by another",
    ),
    _spec(
        "precision",
        v.choice(Precision),
        v.enum_values(Precision),
        "the minilm graph: int8 linear layers, or the fp32 reference (for CPUs without int8 "
        "dot-product instructions); hash ignores it (docs/embedders.md#precision)",
    ),
    _spec(
        "scorer",
        v.choice(Scorer),
        v.enum_values(Scorer),
        "calibrated: P(supported) from evidence features (shipped parameters); "
        "cosine: best similarity >= similarity-threshold",
    ),
    _spec(
        "verifier",
        v.choice(VerifierMode),
        v.enum_values(VerifierMode),
        "the entailment verifier: auto runs it when its files are installed, "
        "on requires them (docs/verifier.md)",
    ),
    _spec(
        "verifier-model",
        v.optional(v.text),
        "a directory path, or off: the shipped verifier",
        "your own checker as the verifier: model.onnx, tokenizer.json and config.json "
        "(docs/own-checker.md)",
    ),
    _spec(
        "calibration",
        v.optional(v.text),
        "a file path, or off: the shipped parameters",
        "the calibrated scorer's parameters from `grounding-sidecar calibrate --fit` "
        "(docs/own-checker.md#calibration)",
    ),
    _spec(
        "similarity-threshold",
        v.optional(v.threshold),
        "a number in (0, 1], or off for the embedder's calibrated default",
        "global cosine threshold, bound at start-up",
    ),
    _spec("min-claim-words", v.positive_int, "an integer >= 1", "shorter claims are skipped"),
    _spec(
        "languages",
        v.optional(v.language_codes),
        "ISO 639-1 codes, comma-separated, or off: no language check",
        "the languages the models read; an answer or sources confidently in another are "
        "unknown (unsupported_language)",
    ),
    _spec(
        "short-answers-with-question",
        v.parse_bool,
        "true | false",
        "an answer with no gradable claim is read with the user's last question as one claim",
    ),
    _spec(
        "passage-budget-chars",
        v.non_negative_int,
        "an integer >= 0 (0: always pick candidates)",
        "sources whose passages are longer in all are read through the lexical first stage",
    ),
    _spec(
        "candidates-per-claim",
        v.positive_int,
        "an integer >= 1",
        "passages the lexical first stage picks for each claim, over the budget",
    ),
    _spec(
        "embed-workers",
        v.optional(v.positive_int),
        "an integer >= 1, or off: one per usable CPU (at most 2)",
        "minilm model runs at once (a check's claims are split across them)",
    ),
    _spec(
        "embed-threads",
        v.optional(v.positive_int),
        "an integer >= 1, or off: 1, or the CPUs left per run when embed-workers is set",
        "onnxruntime intra-op threads of each minilm model run",
    ),
    _spec(
        "embed-spinning",
        v.parse_bool,
        "true | false",
        "idle onnxruntime threads spin: faster on idle cores, slower beside Envoy",
    ),
    _spec(
        "embed-batch-wait-ms",
        v.non_negative_float,
        "milliseconds >= 0",
        "how long a minilm batch waits for concurrent checks",
    ),
    _spec(
        "passage-cache-mb",
        v.positive_int,
        "an integer >= 1",
        "LRU of source-passage embeddings, by content hash (minilm)",
    ),
    _spec("enabled", v.parse_bool, "true | false", "check answers (workspaces may override)"),
    _spec(
        "action",
        v.choice(Action, upper=True),
        v.enum_values(Action),
        "what a failed check does (workspaces may override)",
    ),
    _spec("max-sources", v.positive_int, "an integer >= 1", "sources past it are dropped"),
    _spec("max-source-length", v.positive_int, "an integer >= 1", "longer sources are dropped"),
    _spec(
        "unknown",
        v.choice(UnknownHandling),
        v.enum_values(UnknownHandling),
        "what BLOCK does with an `unknown` verdict",
    ),
    _spec(
        "unverifiable",
        v.choice(UnknownHandling),
        v.enum_values(UnknownHandling),
        "what BLOCK does with an answer the client could keep from being verified",
    ),
    _spec(
        "claim-policy",
        v.choice(ClaimPolicy),
        v.enum_values(ClaimPolicy),
        "which evidence each claim class needs",
    ),
    _spec(
        "report",
        v.choice(ReportLevel),
        v.enum_values(ReportLevel),
        "the most of its verdict an answer carries in a `grounding` object (a request may "
        "ask for less)",
    ),
    _spec(
        "delivery",
        v.choice(HeldStreams),
        v.enum_values(HeldStreams),
        "how BLOCK and REDACT release a stream: whole after the verdict, or sentence by "
        "sentence as each is verified",
    ),
    _spec("workspace-header", v.text, "a header name", "request header naming the workspace"),
    _spec(
        "unknown-workspace-policy",
        v.optional(v.text),
        "a workspace id, or off",
        "the workspace whose policy an id not in the table gets (off: the global policy)",
    ),
    _spec("max-response-bytes", v.positive_int, "bytes >= 1", "JSON answers held for a check"),
    _spec("max-stream-bytes", v.positive_int, "bytes >= 1", "SSE answers held or copied"),
    _spec("check-deadline", v.positive_float, "seconds > 0", "the processor's own deadline"),
    _spec("metrics-host", v.text, "an address", "address of the Prometheus endpoint"),
    _spec("metrics-port", v.optional(v.port), _OPTIONAL_PORT, "Prometheus /metrics port"),
    _spec(
        "audit-sink",
        v.text,
        "stdout | stderr | a file path (appended to)",
        "where audit events go, one JSON object per line",
    ),
    _spec(
        "audit-queue-size",
        v.positive_int,
        "an integer >= 1",
        "audit events queued for the writer; past it they are dropped and counted",
    ),
    _spec(
        "otlp-endpoint",
        v.optional(v.text),
        "an OTLP/HTTP URL, or off",
        "trace export (off by default; needs the `otlp` extra)",
    ),
    _spec("otel-service-name", v.text, "a name", "service.name of exported spans"),
    _spec(
        "policy-dir",
        v.optional(v.text),
        "a directory path, or off",
        "mounted ConfigMap of per-workspace overrides, watched without restart",
    ),
    _spec("policy-poll-seconds", v.positive_float, "seconds > 0", "how often policy-dir is read"),
)

SPECS_BY_KEY: dict[str, SettingSpec] = {spec.key: spec for spec in SETTINGS}
# Only in the YAML file: a list in the GitOps shape cannot be one environment variable.
FILE_ONLY_KEYS = ("workspaces",)
