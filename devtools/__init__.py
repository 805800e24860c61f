"""Development tools: a mock OpenAI-compatible upstream and an Envoy launcher.

Used by the integration tests, the benchmark and `python -m devtools.demo`; not
part of the serving path.
"""
