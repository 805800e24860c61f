"""Read a `.safetensors` file into numpy arrays, without the `safetensors` package.

The format is an 8-byte little-endian header length, a JSON header naming each
tensor's dtype, shape and byte range, then the raw little-endian data.  Reading
it ourselves keeps torch and the `safetensors` wheel out of the install.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path

import numpy as np
import numpy.typing as npt

_DTYPES: dict[str, str] = {"F32": "<f4", "F16": "<f2", "I64": "<i8", "I32": "<i4"}


def read_safetensors(path: Path) -> dict[str, npt.NDArray[np.generic]]:
    """All tensors of the file, as arrays that own their memory."""
    data = path.read_bytes()
    (header_len,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8 : 8 + header_len])
    base = 8 + header_len
    tensors: dict[str, npt.NDArray[np.generic]] = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        dtype = _DTYPES.get(info["dtype"])
        if dtype is None:
            raise ValueError(f"{path.name}: tensor {name} has unsupported dtype {info['dtype']}")
        start, end = info["data_offsets"]
        flat = np.frombuffer(data[base + start : base + end], dtype=dtype)
        tensors[name] = flat.reshape(info["shape"]).copy()
    return tensors


_NAMES = {np.dtype(v): k for k, v in _DTYPES.items()}


def write_safetensors(path: Path, tensors: dict[str, npt.NDArray[np.generic]]) -> None:
    """The inverse of `read_safetensors`: tensors in name order, no metadata, so the
    same arrays always give the same bytes (the file is pinned by sha256)."""
    header: dict[str, object] = {}
    blobs: list[bytes] = []
    offset = 0
    for name in sorted(tensors):
        array = np.ascontiguousarray(tensors[name])
        dtype = _NAMES[
            array.dtype.newbyteorder("<") if array.dtype.byteorder == ">" else array.dtype
        ]
        blob = array.astype(_DTYPES[dtype]).tobytes()
        header[name] = {
            "dtype": dtype,
            "shape": list(array.shape),
            "data_offsets": [offset, offset + len(blob)],
        }
        blobs.append(blob)
        offset += len(blob)
    encoded = json.dumps(header, separators=(",", ":"), sort_keys=True).encode()
    encoded += b" " * (-len(encoded) % 8)  # the data starts 8-byte aligned
    path.write_bytes(struct.pack("<Q", len(encoded)) + encoded + b"".join(blobs))
