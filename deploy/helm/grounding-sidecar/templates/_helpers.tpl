{{/* Names and labels ------------------------------------------------------------ */}}

{{- define "gs.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "gs.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else if contains (include "gs.name" .) .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name (include "gs.name" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "gs.selectorLabels" -}}
app.kubernetes.io/name: {{ include "gs.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "gs.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{ include "gs.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* In sidecar mode the processor lives in someone else's pod (Envoy Gateway's, an
     Istio workload's, your Envoy's): this label is how the PodMonitor finds it. */}}
{{- define "gs.sidecarPodLabel" -}}
grounding-sidecar.io/injected: {{ include "gs.fullname" . | quote }}
{{- end -}}

{{- define "gs.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "gs.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "gs.image" -}}
{{- if .Values.image.digest -}}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest -}}
{{- else -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}
{{- end -}}

{{- define "gs.sidecarMode" -}}{{ eq .Values.mode "sidecar" }}{{- end -}}
{{- define "gs.configMapName" -}}{{ include "gs.fullname" . }}-config{{- end -}}
{{- define "gs.workspacesConfigMapName" -}}
{{- default (printf "%s-workspaces" (include "gs.fullname" .)) .Values.existingWorkspacesConfigMap -}}
{{- end -}}
{{- define "gs.socketPath" -}}{{ .Values.socket.dir }}/{{ .Values.socket.name }}{{- end -}}
{{- define "gs.serviceHost" -}}
{{- printf "%s.%s.svc.cluster.local" (include "gs.fullname" .) .Release.Namespace -}}
{{- end -}}

{{/* Paths inside the container: both ConfigMaps are mounted as directories (never
     subPath, which never sees updates), so workspace edits reach the watcher. */}}
{{- define "gs.configDir" -}}/etc/grounding-sidecar/config{{- end -}}
{{- define "gs.verifierModelDir" -}}/etc/grounding-sidecar/verifier-model{{- end -}}
{{- define "gs.policyDir" -}}/etc/grounding-sidecar/workspaces{{- end -}}

{{/* config.yaml ------------------------------------------------------------------- */}}

{{/* The serve command's YAML file: flat keys named like its flags. */}}
{{- define "gs.configYaml" -}}
# Rendered by the grounding-sidecar chart from .Values.settings; keys are the
# `grounding-sidecar serve` flag names (docs/configuration.md).
{{- range $key, $value := .Values.settings }}
{{- if not (kindIs "invalid" $value) }}
{{ $key | kebabcase }}: {{ $value | toJson }}
{{- end }}
{{- end }}
embedder: {{ .Values.model.embedder }}
{{- with .Values.model.precision }}
precision: {{ . }}
{{- end }}
{{- if .Values.model.calibration }}
calibration: {{ printf "%s/calibration.json" (include "gs.configDir" .) | quote }}
{{- end }}
{{- if .Values.model.verifierVolume }}
verifier-model: {{ trimSuffix "/" (printf "%s/%s" (include "gs.verifierModelDir" .) (trimPrefix "/" .Values.model.verifierSubPath)) | quote }}
{{- end }}
# The kubelet probes the health port on the pod IP, so bind every address; in sidecar
# mode Envoy uses the Unix socket.
host: 0.0.0.0
port: {{ .Values.ports.grpc }}
health-port: {{ .Values.ports.health }}
{{- if eq (include "gs.sidecarMode" .) "true" }}
unix-socket: {{ include "gs.socketPath" . }}
{{- end }}
{{ include "gs.observabilityConfig" . }}
{{- end -}}

{{/* Settings owned by the configuration/observability layer, kept in this
     one place so their names are easy to reconcile. */}}
{{- define "gs.observabilityConfig" -}}
metrics-host: 0.0.0.0
metrics-port: {{ .Values.ports.metrics }}
audit-sink: {{ .Values.audit.sink | quote }}
{{- if .Values.tracing.otlpEndpoint }}
otlp-endpoint: {{ .Values.tracing.otlpEndpoint | quote }}
{{- end }}
policy-dir: {{ include "gs.policyDir" . }}
{{- end -}}

{{/* The container --------------------------------------------------------------- */}}

{{/* One container spec for the Deployment, the EnvoyProxy and the pod snippet.
     `native` adds restartPolicy: Always, which makes an initContainer a native sidecar
     (started before Envoy, stopped after it). */}}
{{- define "gs.container" -}}
{{- $root := .root -}}
- name: grounding-sidecar
  image: {{ include "gs.image" $root }}
  imagePullPolicy: {{ $root.Values.image.pullPolicy }}
  {{- if .native }}
  restartPolicy: Always
  {{- end }}
  args: ["serve", "--config", "{{ include "gs.configDir" $root }}/config.yaml"]
  ports:
    - {name: gs-grpc, containerPort: {{ $root.Values.ports.grpc }}, protocol: TCP}
    - {name: gs-health, containerPort: {{ $root.Values.ports.health }}, protocol: TCP}
    - {name: gs-metrics, containerPort: {{ $root.Values.ports.metrics }}, protocol: TCP}
  # gRPC health (grpc.health.v1) on its own port: it turns NOT_SERVING first on
  # shutdown, so the pod leaves the endpoints before in-flight streams drain.
  startupProbe:
    grpc: {port: {{ $root.Values.ports.health }}}
    {{- toYaml $root.Values.probes.startup | nindent 4 }}
  readinessProbe:
    grpc: {port: {{ $root.Values.ports.health }}}
    {{- toYaml $root.Values.probes.readiness | nindent 4 }}
  livenessProbe:
    grpc: {port: {{ $root.Values.ports.health }}}
    {{- toYaml $root.Values.probes.liveness | nindent 4 }}
  resources:
    {{- toYaml $root.Values.resources | nindent 4 }}
  securityContext:
    {{- toYaml $root.Values.securityContext | nindent 4 }}
  volumeMounts:
    {{- include "gs.volumeMounts" $root | nindent 4 }}
{{- end -}}

{{- define "gs.volumeMounts" -}}
- {name: gs-config, mountPath: {{ include "gs.configDir" . }}, readOnly: true}
- {name: gs-workspaces, mountPath: {{ include "gs.policyDir" . }}, readOnly: true}
# The root filesystem is read-only; Python and onnxruntime still want a /tmp.
- {name: gs-tmp, mountPath: /tmp}
{{- if eq (include "gs.sidecarMode" .) "true" }}
- {name: gs-socket, mountPath: {{ .Values.socket.dir }}}
{{- end }}
{{- if .Values.model.verifierVolume }}
- {name: gs-verifier-model, mountPath: {{ include "gs.verifierModelDir" . }}, readOnly: true}
{{- end }}
{{- end -}}

{{- define "gs.volumes" -}}
- name: gs-config
  configMap: {name: {{ include "gs.configMapName" . }}}
- name: gs-workspaces
  configMap: {name: {{ include "gs.workspacesConfigMapName" . }}}
- name: gs-tmp
  emptyDir: {sizeLimit: 64Mi}
{{- if eq (include "gs.sidecarMode" .) "true" }}
- name: gs-socket
  emptyDir: {sizeLimit: 1Mi}
{{- end }}
{{- with .Values.model.verifierVolume }}
- name: gs-verifier-model
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* Envoy ------------------------------------------------------------------------ */}}

{{- define "gs.processorCluster" -}}grounding_sidecar{{- end -}}

{{/* The Envoy runtime the processor needs: each ext_proc stream ends with a half-close
     and Envoy waits for the processor's status, instead of resetting the stream (a reset
     stream costs the processor's gRPC server native memory for good:
     docs/operations.md#memory-and-envoys-stream-close).  A bootstrap's layered_runtime. */}}
{{- define "gs.envoyRuntime" -}}
layered_runtime:
  layers:
  - name: grounding_sidecar
    static_layer:
      envoy.reloadable_features.ext_proc_graceful_grpc_close: true
{{- end -}}

{{/* The ext_proc filter's typed_config: the settings of docs/contract.md#envoy-settings. */}}
{{- define "gs.extProcConfig" -}}
{{- $root := .root -}}
"@type": type.googleapis.com/envoy.extensions.filters.http.ext_proc.v3.ExternalProcessor
grpc_service:
  envoy_grpc: {cluster_name: {{ .cluster | quote }}}
# Fail closed: if the processor is down or errors, the client gets a 5xx, never an
# unchecked answer: 503 (gs.localReplyConfig gives it the guardrail_unavailable body).
failure_mode_allow: false
status_on_error: {code: 503}
message_timeout: {{ $root.Values.envoy.messageTimeout }}
processing_mode:
  request_header_mode: SEND
  request_body_mode: BUFFERED
  request_trailer_mode: SKIP
  response_header_mode: SEND
  response_body_mode: FULL_DUPLEX_STREAMED
  response_trailer_mode: SEND  # required with FULL_DUPLEX_STREAMED
metadata_options:
  receiving_namespaces:
    untyped: [grounding]
forward_rules:
  allowed_headers:
    patterns:
    {{- range (include "gs.allowedHeaders" $root | fromJsonArray) }}
    - {exact: {{ . | quote }}}
    {{- end }}
{{- end -}}

{{- define "gs.allowedHeaders" -}}
{{- $headers := concat .Values.envoy.allowedHeaders (list (lower .Values.settings.workspaceHeader)) -}}
{{- $headers | uniq | toJson -}}
{{- end -}}

{{/* The processor cluster for a plain Envoy or an Istio EnvoyFilter: the Unix socket in
     sidecar mode, the Service in standalone mode.  gRPC needs HTTP/2. */}}
{{- define "gs.processorClusterConfig" -}}
name: {{ include "gs.processorCluster" . }}
type: {{ if eq (include "gs.sidecarMode" .) "true" }}STATIC{{ else }}STRICT_DNS{{ end }}
connect_timeout: {{ .Values.envoy.processorConnectTimeout }}
typed_extension_protocol_options:
  envoy.extensions.upstreams.http.v3.HttpProtocolOptions:
    "@type": type.googleapis.com/envoy.extensions.upstreams.http.v3.HttpProtocolOptions
    explicit_http_config:
      http2_protocol_options: {}
load_assignment:
  cluster_name: {{ include "gs.processorCluster" . }}
  endpoints:
  - lb_endpoints:
    - endpoint:
        address:
          {{- if eq (include "gs.sidecarMode" .) "true" }}
          pipe: {path: {{ include "gs.socketPath" . }}}
          {{- else }}
          socket_address: {address: {{ include "gs.serviceHost" . }}, port_value: {{ .Values.ports.grpc }}}
          {{- end }}
{{- end -}}

{{/* Chat completions, the only requests the processor checks (grounding_sidecar/openai/
     paths.py): the path without its query string ends in /chat/completions, trailing
     slashes allowed.  gs.chatRouteRegex matches a route's path (Envoy leaves out the
     query); gs.chatPathHeaderRegex the whole :path header. */}}
{{- define "gs.chatRouteRegex" -}}.*/chat/completions/*{{- end -}}
{{- define "gs.chatPathHeaderRegex" -}}[^?#]*/chat/completions/*([?#].*)?{{- end -}}

{{/* Per-route config that turns ext_proc off (every route but the chat ones). */}}
{{- define "gs.extProcDisabled" -}}
envoy.filters.http.ext_proc:
  "@type": type.googleapis.com/envoy.extensions.filters.http.ext_proc.v3.ExtProcPerRoute
  disabled: true
{{- end -}}

{{/* The ext_proc filter behind a matcher that skips it unless :path is a chat
     completion: for Envoys whose routes the chart does not own (Istio). */}}
{{- define "gs.extProcOnChatPaths" -}}
"@type": type.googleapis.com/envoy.extensions.common.matching.v3.ExtensionWithMatcher
extension_config:
  name: envoy.filters.http.ext_proc
  typed_config:
    {{- include "gs.extProcConfig" . | nindent 4 }}
{{ include "gs.skipOffChatPaths" .root }}
{{- end -}}

{{/* A header_mutation filter, on chat paths only, that removes the client's
     accept-encoding: the upstream then answers uncompressed, which the processor
     can read (docs/extproc.md#compressed-answers). */}}
{{- define "gs.uncompressedAnswersOnChatPaths" -}}
"@type": type.googleapis.com/envoy.extensions.common.matching.v3.ExtensionWithMatcher
extension_config:
  name: envoy.filters.http.header_mutation
  typed_config:
    "@type": type.googleapis.com/envoy.extensions.filters.http.header_mutation.v3.HeaderMutation
    mutations:
      request_mutations:
      - remove: accept-encoding
{{ include "gs.skipOffChatPaths" . }}
{{- end -}}

{{/* The matcher of an ExtensionWithMatcher: the filter is skipped on every path that
     is not a chat completion. */}}
{{- define "gs.skipOffChatPaths" -}}
{{- $root := . -}}
xds_matcher:
  matcher_list:
    matchers:
    - predicate:
        not_matcher:
          single_predicate:
            input:
              name: request-path
              typed_config:
                "@type": type.googleapis.com/envoy.type.matcher.v3.HttpRequestHeaderMatchInput
                header_name: ":path"
            value_match:
              safe_regex: {google_re2: {}, regex: {{ include "gs.chatPathHeaderRegex" $root | quote }}}
      on_match:
        action:
          name: skip
          typed_config:
            "@type": type.googleapis.com/envoy.extensions.filters.common.matcher.action.v3.SkipFilter
{{- end -}}

{{/* The HTTP connection manager's local replies: fail closed as an API error a client
     can act on.  A failed ext_proc call (response code details ext_proc_error...:
     processor unreachable or killed, gRPC error, message timeout) is 503
     guardrail_unavailable with retry-after; jwt_authn's refusals are invalid_token, and
     under Istio so is the chart's AuthorizationPolicy denying a request without a token
     (Istio names its RBAC policy ns[<namespace>]-policy[<name>]-rule[<n>]: 401 and the
     message plain Envoy's jwt_authn gives, where Istio would answer a plain-text 403);
     a path Envoy refuses to normalize (an escaped slash) is invalid_path; every other
     local 5xx and the 413 get a JSON body.  First match applies. */}}
{{/* The Istio AuthorizationPolicy that refuses requests without a token. */}}
{{- define "gs.requireTokenPolicyName" -}}
{{- include "gs.fullname" . }}-require-token
{{- end -}}

{{- define "gs.localReplyConfig" -}}
mappers:
- filter:
    extension_filter:
      name: envoy.access_loggers.extension_filters.cel
      typed_config:
        "@type": type.googleapis.com/envoy.extensions.access_loggers.filters.cel.v3.ExpressionFilter
        expression: "response.code_details.startsWith('ext_proc_error')"
  status_code: 503
  headers_to_add:
  - header: {key: retry-after, value: {{ .Values.envoy.unavailableRetryAfterSeconds | toString | quote }}}
    append_action: OVERWRITE_IF_EXISTS_OR_ADD
  body_format_override:
    json_format:
      error:
        type: guardrail_unavailable
        code: guardrail_unavailable
        message: "The grounding check is temporarily unavailable, so no answer was delivered. Retry after the number of seconds in the retry-after header."
        status: "%RESPONSE_CODE%"
{{- if .Values.workspaceIdentity.jwt.enabled }}
- filter:
    extension_filter:
      name: envoy.access_loggers.extension_filters.cel
      typed_config:
        "@type": type.googleapis.com/envoy.extensions.access_loggers.filters.cel.v3.ExpressionFilter
        expression: "response.code_details.startsWith('jwt_authn_access_denied')"
  body_format_override:
    json_format:
      error:
        type: authentication_error
        code: invalid_token
        message: "%LOCAL_REPLY_BODY%"
        status: "%RESPONSE_CODE%"
{{- if .Values.istio.envoyFilter.enabled }}
- filter:
    extension_filter:
      name: envoy.access_loggers.extension_filters.cel
      typed_config:
        "@type": type.googleapis.com/envoy.extensions.access_loggers.filters.cel.v3.ExpressionFilter
        expression: {{ printf "response.code_details.startsWith('rbac_access_denied_matched_policy[ns[%s]-policy[%s]-rule[')" .Release.Namespace (include "gs.requireTokenPolicyName" .) | quote }}
  status_code: 401
  body_format_override:
    json_format:
      error:
        type: authentication_error
        code: invalid_token
        message: "Jwt is missing"
        status: "%RESPONSE_CODE%"
{{- end }}
{{- end }}
- filter:
    status_code_filter:
      comparison:
        op: GE
        value: {default_value: 500, runtime_key: grounding.local_reply_json_min}
  body_format_override:
    json_format:
      error:
        type: gateway_error
        code: "%RESPONSE_CODE_DETAILS%"
        message: "%LOCAL_REPLY_BODY%"
        status: "%RESPONSE_CODE%"
- filter:
    extension_filter:
      name: envoy.access_loggers.extension_filters.cel
      typed_config:
        "@type": type.googleapis.com/envoy.extensions.access_loggers.filters.cel.v3.ExpressionFilter
        expression: "response.code_details == 'path_normalization_failed'"
  body_format_override:
    json_format:
      error:
        type: invalid_request_error
        code: invalid_path
        message: "The request path has an escaped slash (%%2F or %%5C), which is refused."
        status: "%RESPONSE_CODE%"
- filter:
    status_code_filter:
      comparison:
        op: EQ
        value: {default_value: 413, runtime_key: grounding.local_reply_json_413}
  body_format_override:
    json_format:
      error:
        type: invalid_request_error
        code: request_too_large
        message: "%LOCAL_REPLY_BODY%"
        status: "%RESPONSE_CODE%"
{{- end -}}

{{/* Workspace identity ----------------------------------------------------------- */}}

{{- define "gs.workspaceHeader" -}}{{ lower .Values.settings.workspaceHeader }}{{- end -}}

{{/* The HTTP connection manager's early header mutation that removes every copy of the
     client's workspace header before routing and before any filter. */}}
{{- define "gs.workspaceHeaderRemoval" -}}
- name: envoy.http.early_header_mutation.header_mutation
  typed_config:
    "@type": type.googleapis.com/envoy.extensions.http.early_header_mutation.header_mutation.v3.HeaderMutation
    mutations:
    - remove: {{ include "gs.workspaceHeader" . }}
{{- end -}}

{{/* The labels of the pods Istio objects select: istio.envoyFilter.workloadSelector,
     or in sidecar mode the injected-pod label; empty selects the whole namespace. */}}
{{- define "gs.istioWorkloadLabels" -}}
{{- with .Values.istio.envoyFilter.workloadSelector }}
{{- toYaml . }}
{{- else }}
{{- if eq .Values.mode "sidecar" }}{{ include "gs.sidecarPodLabel" . }}{{ end }}
{{- end }}
{{- end -}}

{{/* Checks that workspaceIdentity.jwt is complete; renders nothing. */}}
{{- define "gs.validateJwt" -}}
{{- with .Values.workspaceIdentity.jwt }}
{{- if .enabled }}
{{- if not .issuer }}{{ fail "workspaceIdentity.jwt.issuer: the tokens' iss" }}{{ end }}
{{- if not .audiences }}{{ fail "workspaceIdentity.jwt.audiences: at least one accepted aud" }}{{ end }}
{{- if eq (empty .jwks.inline) (empty .jwks.uri) }}
{{- fail "workspaceIdentity.jwt.jwks: set exactly one of inline and uri" }}
{{- end }}
{{- end }}
{{- end }}
{{- end -}}

{{- define "gs.jwksCluster" -}}workspace_jwks{{- end -}}

{{/* jwt_authn for a plain Envoy: verifies the token on every path (no token, no
     service) and writes the claim into the workspace header, over any copy. */}}
{{- define "gs.jwtAuthnFilter" -}}
{{- $jwt := .Values.workspaceIdentity.jwt -}}
name: envoy.filters.http.jwt_authn
typed_config:
  "@type": type.googleapis.com/envoy.extensions.filters.http.jwt_authn.v3.JwtAuthentication
  providers:
    workspace_identity:
      issuer: {{ $jwt.issuer | quote }}
      audiences: {{ $jwt.audiences | toJson }}
      {{- if $jwt.jwks.inline }}
      local_jwks:
        inline_string: {{ $jwt.jwks.inline | quote }}
      {{- else }}
      remote_jwks:
        http_uri: {uri: {{ $jwt.jwks.uri | quote }}, cluster: {{ include "gs.jwksCluster" . }}, timeout: 5s}
        cache_duration: 600s
      {{- end }}
      # The token is the client's gateway credential; the upstream never sees it.
      forward: false
      claim_to_headers:
      - {header_name: {{ include "gs.workspaceHeader" . }}, claim_name: {{ $jwt.claim | quote }}}
  rules:
  - match: {prefix: "/"}
    requires: {provider_name: workspace_identity}
{{- end -}}

{{/* The cluster remote_jwks fetches from (host and port taken from the URI). */}}
{{- define "gs.jwksClusterConfig" -}}
{{- $uri := urlParse .Values.workspaceIdentity.jwt.jwks.uri -}}
{{- $parts := split ":" $uri.host -}}
{{- $tls := eq $uri.scheme "https" -}}
{{- $port := $parts._1 | default (ternary "443" "80" $tls) -}}
name: {{ include "gs.jwksCluster" . }}
type: LOGICAL_DNS
dns_lookup_family: V4_ONLY
connect_timeout: 5s
load_assignment:
  cluster_name: {{ include "gs.jwksCluster" . }}
  endpoints:
  - lb_endpoints:
    - endpoint:
        address:
          socket_address: {address: {{ $parts._0 }}, port_value: {{ $port }}}
{{- if $tls }}
transport_socket:
  name: envoy.transport_sockets.tls
  typed_config:
    "@type": type.googleapis.com/envoy.extensions.transport_sockets.tls.v3.UpstreamTlsContext
    sni: {{ $parts._0 }}
{{- end }}
{{- end -}}

{{/* Monitoring ------------------------------------------------------------------- */}}

{{- define "gs.monitoringLabels" -}}
{{ include "gs.labels" . }}
{{- with .Values.monitoring.labels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{- define "gs.hasMonitoringCRDs" -}}
{{- .Capabilities.APIVersions.Has "monitoring.coreos.com/v1" -}}
{{- end -}}
