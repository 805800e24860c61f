"""Judging: the cosine kernel, the sources corpus, consistency checks, features, the calibrated
model and the verdict rules."""
