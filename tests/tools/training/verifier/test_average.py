"""average.averaged: the shipped verifier between the NLI stage's weights and the
claim stage's."""

from __future__ import annotations

import numpy as np
import pytest

from tools.training.verifier.average import averaged

NLI_STAGE = {"w": np.array([0.0, 1.0, -2.0], np.float16), "b": np.array([4.0], np.float16)}
CLAIM_STAGE = {"w": np.array([1.0, 3.0, 2.0], np.float16), "b": np.array([0.5], np.float16)}


@pytest.mark.parametrize(
    ("share", "expected_w", "expected_b"),
    [
        (0.0, [1.0, 3.0, 2.0], [0.5]),
        (1.0, [0.0, 1.0, -2.0], [4.0]),
        (0.5, [0.5, 2.0, 0.0], [2.25]),
        (0.25, [0.75, 2.5, 1.0], [1.375]),
    ],
)
def test_the_average_is_the_share_of_the_nli_stage_and_the_rest_of_the_claim_stage(
    share: float, expected_w: list[float], expected_b: list[float]
) -> None:
    out = averaged(NLI_STAGE, CLAIM_STAGE, share)
    assert all(array.dtype == np.float16 for array in out.values())
    assert out["w"].tolist() == expected_w
    assert out["b"].tolist() == expected_b


def test_no_share_gives_the_claim_stage_bit_for_bit() -> None:
    claim = {"w": np.array([1e-3, 65504.0, -7.123], np.float32)}
    out = averaged({"w": np.array([9.0, 9.0, 9.0], np.float32)}, claim, 0.0)
    assert out["w"].tobytes() == claim["w"].astype(np.float16).tobytes()


@pytest.mark.parametrize("share", [-0.1, 1.5])
def test_a_share_outside_zero_to_one_is_refused(share: float) -> None:
    with pytest.raises(ValueError, match="within 0 and 1"):
        averaged(NLI_STAGE, CLAIM_STAGE, share)


def test_weights_that_name_different_tensors_are_refused() -> None:
    with pytest.raises(ValueError, match="different tensors"):
        averaged({"w": NLI_STAGE["w"]}, CLAIM_STAGE, 0.5)
