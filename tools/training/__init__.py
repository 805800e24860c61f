"""What writes a shipped file: the calibrated scorer's parameters (`fit_calibration`)
and the verifier's pairs, weights, pins and contrast table (`verifier`).  Each runs as
`python -m tools.training.<module>` from the repo root."""
