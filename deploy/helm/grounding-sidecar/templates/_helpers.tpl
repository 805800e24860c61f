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
{{- end -}}

{{/* Envoy ------------------------------------------------------------------------ */}}

{{- define "gs.processorCluster" -}}grounding_sidecar{{- end -}}

{{/* The ext_proc filter's typed_config: the settings of docs/contract.md#envoy-settings. */}}
{{- define "gs.extProcConfig" -}}
{{- $root := .root -}}
"@type": type.googleapis.com/envoy.extensions.filters.http.ext_proc.v3.ExternalProcessor
grpc_service:
  envoy_grpc: {cluster_name: {{ .cluster | quote }}}
# Fail closed: if the processor is down or errors, the client gets a 5xx, never an
# unchecked answer.
failure_mode_allow: false
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
