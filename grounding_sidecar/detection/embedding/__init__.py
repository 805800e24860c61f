"""Embedding: the `Embedder` protocol, the registry, the hash embedder and MiniLM."""
