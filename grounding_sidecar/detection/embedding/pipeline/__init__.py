"""What a server puts in front of a model: micro-batching, padded runs, the passage cache."""
