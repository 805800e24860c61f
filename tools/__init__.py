"""Checkout-only tools, never in the wheel, by purpose: `ops` (the environment, the
protos, the lock file, the image, the Helm tools), `training` (what writes a shipped
file: the calibration parameters, the verifier's weights and contrast table), and
`studies` (measurements that write nothing shipped).  `eval_data` locates and splits
the evaluation data for all of them, the benchmarks and the tests."""
