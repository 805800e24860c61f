#!/usr/bin/env bash
# Regenerate the Python code of proto/grounding/v1/grounding.proto into OUT_DIR
# (default grounding_sidecar/api).  The include path maps grounding_sidecar/api onto the proto's folder
# so the generated gRPC module imports `grounding_sidecar.api.grounding_pb2` (a package path)
# rather than a top-level `grounding_pb2`.
set -euo pipefail
cd "$(dirname "$0")/../.."
PY="${PY:-.venv/bin/python}"
OUT_DIR="${1:-.}"
"$PY" -m grpc_tools.protoc \
  "-Igrounding_sidecar/api=proto/grounding/v1" \
  "--python_out=$OUT_DIR" "--grpc_python_out=$OUT_DIR" \
  grounding_sidecar/api/grounding.proto
