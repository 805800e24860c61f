"""Grading labelled cases and measuring agreement (`calibrate`, the quality benchmark)."""
