"""Training the grounding verifier (docs/verifier.md): data, training, export.

Checkout only, never in the wheel; torch is needed by `train.py` alone (the `train`
extra).  Run through `make train-verifier`.
"""
