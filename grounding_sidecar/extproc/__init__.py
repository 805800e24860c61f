"""Transport: the ext_proc gRPC server and the per-stream exchange.

Moves bytes between Envoy and the decision layer; holds no detection policy.
"""
