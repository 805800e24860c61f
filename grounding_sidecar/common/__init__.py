"""Small helpers every layer may use: compact JSON bodies, usable CPUs, BLAS threads,
input files."""
