// Validates ScaledObjects (JSON lines on stdin) with the validators generated from
// KEDA's CRD schema (@kubernetes-models/keda).  Prints one JSON result per line.
// Run by tests/deploy/test_keda.py.
import { ScaledObject } from "@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject";
import { readFileSync } from "node:fs";

for (const line of readFileSync(0, "utf8").split("\n").filter(Boolean)) {
  try {
    new ScaledObject(JSON.parse(line)).validate();
    console.log(JSON.stringify({ valid: true }));
  } catch (error) {
    console.log(JSON.stringify({ valid: false, error: String(error.message ?? error).slice(0, 500) }));
  }
}
