"""grounding-sidecar: an Envoy ext_proc filter that checks LLM answers against sources."""

__version__ = "0.1.0"
