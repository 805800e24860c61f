"""Changed periods: "Statements are issued weekly" against "Statements are issued
monthly", "one guest per week" against "one guest per month".

A frequency the claim states (text/frequencies.py) that no source states, where its
best passage states another one the claim dropped, is a contradiction: the claim says
how often in its own words, and the passage says otherwise.  A claim that restates the
passage's period in another form ("every year" for "annually") states a period the
sources do.
"""

from __future__ import annotations

from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.text.frequencies import frequencies


def changed_period(claim: str, best_passage: str, corpus: SourceCorpus) -> tuple[str, str] | None:
    """The claim's frequency and the passage's it stands against (as written), or None."""
    mine = frequencies(claim)
    unstated = [written for period, written in mine.items() if period not in corpus.periods]
    if not unstated:
        return None
    dropped = [
        written for period, written in frequencies(best_passage).items() if period not in mine
    ]
    return (unstated[0], dropped[0]) if dropped else None
