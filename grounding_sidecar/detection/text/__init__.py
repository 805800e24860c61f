"""Text: sentences with exact spans, claims, passages, words, details and claim classes."""
