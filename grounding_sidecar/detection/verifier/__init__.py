"""The grounding verifier: a cross-encoder that reads (passage, claim) and says
entailed, contradicted or neither (docs/verifier.md)."""
