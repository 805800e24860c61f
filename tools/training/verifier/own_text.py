"""Passages written for this project, and pairs made from them by the perturb rules.

The fidelity check (ONNX against torch) runs on these 200 pairs, so its reference
file can live in the repository: no evaluation data is copied there.
"""

from __future__ import annotations

import random

from tools.training.verifier import perturb
from tools.training.verifier.wordnet import WordNet

PASSAGES = (
    "The error rate fell from 2.0% to 1.0% after the cache rollout in March.",
    "Customers can return unworn shoes within 30 days for a full refund.",
    "Your replacement card will be sent to you by email within two business days.",
    "The contract was approved by the finance team on 12 May 2024.",
    "Order 1042 left the Rotterdam warehouse on 3 June by rail freight.",
    "The museum is open from Tuesday to Sunday and closed on Mondays.",
    "The bridge was built in 1932 from steel and reinforced concrete.",
    "Premium members get free shipping on orders above 50 dollars.",
    "The second release added support for offline mode and dark themes.",
    "Latency increased by 40 milliseconds when the new firewall was enabled.",
    "The clinic accepts walk-in patients before noon on weekdays.",
    "Maria Lopez succeeded John Carter as chief executive in 2021.",
    "The school serves hot lunches and offers tea but no coffee.",
    "Passwords must contain at least twelve characters and one digit.",
    "The red line trains run every six minutes during the morning peak.",
    "Refunds for cancelled flights are issued to the original payment method.",
    "The library lends laptops to students for up to seven days.",
    "Revenue grew 12% in the third quarter, driven by cloud subscriptions.",
    "The warranty covers manufacturing defects but not accidental damage.",
    "The team moved the database backups from tape to object storage last year.",
    "Employees may work remotely on Fridays with their manager's approval.",
    "The vaccine is given in two doses, four weeks apart.",
    "The company opened its first European office in Dublin in 2019.",
    "Tickets bought online cannot be exchanged for another date.",
    "The river flooded the lower town twice in the last decade.",
)


def fidelity_pairs(wordnet: WordNet, count: int = 200, seed: int = 7) -> list[tuple[str, str]]:
    """`count` (premise, hypothesis) pairs: each passage against itself, its rewrites
    by every rule that applies, and other passages."""
    rng = random.Random(seed)
    ctx = perturb.Context(
        rng,
        wordnet,
        perturb.vocabulary(list(PASSAGES) * 3),
        perturb.document_names(" ".join(PASSAGES)),
    )
    rules = {**perturb.ENTAILING, **perturb.CONTRADICTING, **perturb.NEITHER_RULES}
    pairs: list[tuple[str, str]] = []
    for passage in PASSAGES:
        pairs.append((passage, passage))
        for rule in rules.values():
            out = rule(passage, ctx)
            if out is not None and out != passage:
                pairs.append((passage, out))
    while len(pairs) < count:
        premise, hypothesis = rng.sample(PASSAGES, 2)
        pairs.append((premise, hypothesis))
    return pairs[:count]
