"""Write the tiny checker fixtures the verifier's loader is tested on
(tests/detection/verifier/checkers/, docs/own-checker.md#tested-architectures).

    python -m tools.training.tiny_checkers        # needs the `train` extra

For each of BERT, RoBERTa and DeBERTa-v2: a tokenizer made from a few hundred
generated sentences (WordPiece, byte-level BPE, Unigram: the three kinds real
checkers ship), a sequence-classification model with random weights (seeded, drawn
wide so the classes differ clearly from pair to pair), exported to ONNX the way
`torch.onnx` / `optimum-cli export onnx` write a checker (inputs by name, `logits`
out), a Hugging Face config with its labels, and `reference.json`: torch's
probabilities on a few pairs, encoded by transformers' own tokenizer with the
premise truncated.  The label sets differ on purpose (three-way in two orders, and
a two-label checker), and so do the graph inputs (token_type_ids on BERT only).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch
from tokenizers import (
    Tokenizer,
    decoders,
    models,
    normalizers,
    pre_tokenizers,
    processors,
    trainers,
)
from transformers import (
    BertConfig,
    BertForSequenceClassification,
    DebertaV2Config,
    DebertaV2ForSequenceClassification,
    PretrainedConfig,
    PreTrainedModel,
    PreTrainedTokenizerFast,
    RobertaConfig,
    RobertaForSequenceClassification,
)

OUT = Path(__file__).resolve().parents[2] / "tests" / "detection" / "verifier" / "checkers"
SEED = 20261202
VOCAB = 320
POSITIONS = 48
# Weights drawn wide (BERT's own 0.02 leaves a random model's output almost the same
# for every input): each pair then gets its own probabilities, so a wrong token, type id
# or cut side shows in the comparison.
TINY = {
    "hidden_size": 32,
    "num_hidden_layers": 2,
    "num_attention_heads": 2,
    "intermediate_size": 64,
    "initializer_range": 0.3,
}
MIN_SPREAD = 0.05  # of some class's probability across PAIRS

SUBJECTS = ["The museum", "Our office", "The library", "The clinic", "The new store", "Each team"]
VERBS = ["opens", "closes", "moved", "reported", "approved", "refunded", "shipped", "hired"]
OBJECTS = ["at nine", "on Monday", "in 2021", "three orders", "the request", "twelve people"]
EXTRAS = ["", "after the storm", "before noon", "without notice", "for the second time"]

PAIRS = [
    ("The museum opens at nine on Monday.", "The museum opens at nine."),
    ("The clinic moved in 2021 after the storm.", "The clinic closes on Monday."),
    ("Each team hired twelve people before noon.", "No team hired anyone."),
    ("Our office approved the request without notice.", "The request was approved."),
    # Longer than the model: the premise is what gets cut.
    (" ".join(["The library reported three orders for the second time."] * 12), "It reported."),
]


@dataclass(frozen=True)
class Checker:
    name: str
    tokenizer: Callable[[list[str]], Tokenizer]
    config: Callable[[int, dict[int, str]], PretrainedConfig]
    model: type[PreTrainedModel]
    labels: dict[int, str]
    inputs: tuple[str, ...]
    kinds: dict[str, str]  # the verifier's class -> the label naming it


def corpus(rng: random.Random) -> list[str]:
    return [
        " ".join(filter(None, [rng.choice(pool) for pool in (SUBJECTS, VERBS, OBJECTS, EXTRAS)]))
        + "."
        for _ in range(400)
    ]


def words_of(texts: list[str]) -> list[str]:
    return sorted({word for text in texts for word in re.findall(r"\w+|[^\w\s]", text.lower())})


def wordpiece(texts: list[str]) -> Tokenizer:
    """BERT's kind: its vocabulary the corpus's words and single characters (built, not
    trained: the trainers break ties differently from run to run)."""
    specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    pieces = words_of(texts) + [f"##{c}" for c in "abcdefghijklmnopqrstuvwxyz0123456789"]
    vocab = {piece: index for index, piece in enumerate(dict.fromkeys(specials + pieces))}
    tokenizer = Tokenizer(models.WordPiece(vocab, unk_token="[UNK]"))
    tokenizer.normalizer = normalizers.BertNormalizer(lowercase=True)
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tokenizer.post_processor = _bert_template(tokenizer)
    tokenizer.decoder = decoders.WordPiece()
    return tokenizer


def byte_bpe(texts: list[str]) -> Tokenizer:
    specials = ["<s>", "<pad>", "</s>", "<unk>", "<mask>"]
    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    trainer = trainers.BpeTrainer(
        vocab_size=VOCAB,
        special_tokens=specials,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    tokenizer.train_from_iterator(texts, trainer)
    tokenizer.post_processor = processors.RobertaProcessing(
        ("</s>", token_id(tokenizer, "</s>")), ("<s>", token_id(tokenizer, "<s>"))
    )
    tokenizer.decoder = decoders.ByteLevel()
    return tokenizer


def unigram(texts: list[str]) -> Tokenizer:
    """DeBERTa-v2's kind (sentencepiece): whole words after the metaspace, and single
    characters, scored by frequency; built, not trained, for the same reason."""
    specials = ["[PAD]", "[CLS]", "[SEP]", "[UNK]", "[MASK]"]
    counts = Counter(word for text in texts for word in text.split())
    pieces = [
        (f"▁{word}", math.log(count / sum(counts.values())))
        for word, count in sorted(counts.items())
    ]
    characters = sorted({c for text in texts for c in text if not c.isspace()} | {"▁"})
    vocab = [(token, 0.0) for token in specials] + pieces + [(c, -20.0) for c in characters]
    tokenizer = Tokenizer(models.Unigram(vocab, unk_id=specials.index("[UNK]")))
    tokenizer.pre_tokenizer = pre_tokenizers.Metaspace()
    tokenizer.post_processor = _bert_template(tokenizer)
    tokenizer.decoder = decoders.Metaspace()
    return tokenizer


def _bert_template(tokenizer: Tokenizer) -> processors.TemplateProcessing:
    cls, sep = token_id(tokenizer, "[CLS]"), token_id(tokenizer, "[SEP]")
    return processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", cls), ("[SEP]", sep)],
    )


def token_id(tokenizer: Tokenizer, token: str) -> int:
    found = tokenizer.token_to_id(token)
    if found is None:
        raise SystemExit(f"{token} is not in the vocabulary")
    return int(found)


def bert_config(vocab: int, labels: dict[int, str]) -> PretrainedConfig:
    return BertConfig(vocab_size=vocab, max_position_embeddings=POSITIONS, id2label=labels, **TINY)


def roberta_config(vocab: int, labels: dict[int, str]) -> PretrainedConfig:
    return RobertaConfig(
        vocab_size=vocab,
        max_position_embeddings=POSITIONS + 2,  # fairseq positions start after the pad id
        pad_token_id=1,
        bos_token_id=0,
        eos_token_id=2,
        type_vocab_size=1,
        id2label=labels,
        **TINY,
    )


def deberta_config(vocab: int, labels: dict[int, str]) -> PretrainedConfig:
    return DebertaV2Config(
        vocab_size=vocab,
        max_position_embeddings=POSITIONS,
        type_vocab_size=0,
        relative_attention=True,
        position_buckets=16,
        pos_att_type=["p2c", "c2p"],
        position_biased_input=False,
        id2label=labels,
        **TINY,
    )


CHECKERS = (
    Checker(
        "bert",
        wordpiece,
        bert_config,
        BertForSequenceClassification,
        {0: "ENTAILMENT", 1: "NEUTRAL", 2: "CONTRADICTION"},
        ("input_ids", "attention_mask", "token_type_ids"),
        {"entailed": "ENTAILMENT", "contradicted": "CONTRADICTION", "neither": "NEUTRAL"},
    ),
    Checker(
        "roberta",
        byte_bpe,
        roberta_config,
        RobertaForSequenceClassification,
        {0: "unsupported", 1: "supported"},
        ("input_ids", "attention_mask"),
        {"entailed": "supported", "neither": "unsupported"},
    ),
    Checker(
        "deberta-v2",
        unigram,
        deberta_config,
        DebertaV2ForSequenceClassification,
        {0: "contradiction", 1: "entailment", 2: "neutral"},
        ("input_ids", "attention_mask"),
        {"entailed": "entailment", "contradicted": "contradiction", "neither": "neutral"},
    ),
)


def build(checker: Checker, out: Path) -> None:
    rng = random.Random(SEED)
    torch.manual_seed(SEED)
    tokenizer = checker.tokenizer(corpus(rng))
    config = checker.config(tokenizer.get_vocab_size(), checker.labels)
    model = checker.model(config).eval()
    out.mkdir(parents=True, exist_ok=True)
    tokenizer.save(str(out / "tokenizer.json"))
    config.to_json_file(str(out / "config.json"))
    export(model, checker.inputs, out / "model.onnx")
    (out / "reference.json").write_text(
        json.dumps(reference(checker, tokenizer, model), indent=1) + "\n"
    )


def export(model: PreTrainedModel, inputs: tuple[str, ...], path: Path) -> None:
    sample = {name: torch.ones((2, 8), dtype=torch.int64) for name in inputs}
    axes = {name: {0: "batch", 1: "sequence"} for name in inputs}
    torch.onnx.export(
        model,
        (),
        str(path),
        kwargs=sample,
        input_names=list(inputs),
        output_names=["logits"],
        dynamic_axes={**axes, "logits": {0: "batch"}},
        opset_version=17,
        dynamo=False,
    )


def reference(checker: Checker, tokenizer: Tokenizer, model: PreTrainedModel) -> dict[str, Any]:
    """torch's probabilities on PAIRS, through transformers' tokenizer (premise cut)."""
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tokenizer, model_input_names=list(checker.inputs)
    )
    fast.pad_token = tokenizer.id_to_token(model.config.pad_token_id or 0)
    premises, claims = [p for p, _ in PAIRS], [c for _, c in PAIRS]
    limit = POSITIONS
    encoded = fast(
        premises,
        claims,
        truncation="only_first",
        max_length=limit,
        padding=True,
        return_tensors="pt",
    )
    with torch.no_grad():
        probabilities = model(**encoded).logits.softmax(-1).tolist()
    spread = max(max(column) - min(column) for column in zip(*probabilities, strict=True))
    if spread < MIN_SPREAD:
        raise SystemExit(
            f"{checker.name}: P varies by {spread:.3f} across pairs; widen the weights"
        )
    column = {name: index for index, name in checker.labels.items()}
    return {
        "max_tokens": limit,
        "pairs": [
            {
                "premise": premise,
                "claim": claim,
                **{kind: row[column[label]] for kind, label in checker.kinds.items()},
            }
            for premise, claim, row in zip(premises, claims, probabilities, strict=True)
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    for checker in CHECKERS:
        build(checker, args.out / checker.name)
        print(f"wrote {args.out / checker.name}")


if __name__ == "__main__":
    main()
