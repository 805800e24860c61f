"""The grader's parts, each one concern of a check: what it reads of its sources, the
claims it grades under its claim policy, the verifier's batch, each claim's grade, and
the steps that check an answer still arriving.  `detection/grader.py` composes them."""
