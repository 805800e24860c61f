"""Checkout-only benchmarks (never in the wheel), each run from the repo root as
`python -m benchmarks.<name>`; docs/benchmarks.md holds their numbers."""
