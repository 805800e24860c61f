#!/usr/bin/env bash
# Does the verifier read real claims better when it trains on them more, or for less
# long?  (docs/verifier.md#real-pairs-a-study)  Trains three variants on the pairs of
# `make train-verifier` (build/verifier/pairs.jsonl) and reads the real pairs of the
# calibration and holdout parts with each, beside the shipped weights.  Needs the
# `train` extra; about 45 minutes on 2 cores.
set -euo pipefail
PY=${PY:-.venv/bin/python}
OUT=build/verifier/real-pairs
mkdir -p "$OUT"
train() {  # name epochs real-copies
    mkdir -p "$OUT/$1"
    "$PY" -m tools.verifier.train --epochs "$2" --real-copies "$3" \
        --out "$OUT/$1/weights.f16.safetensors" --metrics "$OUT/$1/metrics.json" \
        --reference "$OUT/$1/reference.json" >"$OUT/$1/train.log" 2>&1
}
train e1-r1 1 1
train e1-r3 1 3
train e2-r3 2 3
"$PY" -m tools.verifier.premise_study --pairs passage=build/verifier/pairs.jsonl \
    --weights shipped=grounding_sidecar/detection/verifier/weights/verifier-minilm-l6.f16.safetensors \
    e1-r1="$OUT/e1-r1/weights.f16.safetensors" e1-r3="$OUT/e1-r3/weights.f16.safetensors" \
    e2-r3="$OUT/e2-r3/weights.f16.safetensors" | tee "$OUT/study.md"
