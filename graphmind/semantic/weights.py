"""The model's weights from its .safetensors file, as numpy arrays: an 8-byte little-endian header
length, a JSON header (each tensor's dtype, shape and byte range), then the raw little-endian data."""
from __future__ import annotations

import json
import struct
from pathlib import Path

import numpy as np

from graphmind.errors import SemanticUnavailableError

DTYPES = {"F64": "<f8", "F32": "<f4", "F16": "<f2", "I64": "<i8", "I32": "<i4", "I16": "<i2", "I8": "i1",
          "U8": "u1", "BOOL": "?"}
MAX_HEADER = 100 * 1024 * 1024


def load_weights(path: Path) -> dict[str, np.ndarray]:
    """Every tensor of a safetensors file by name (read-only arrays over one read of the file)."""
    data = path.read_bytes()
    if len(data) < 8:
        raise SemanticUnavailableError(f"{path} is not a safetensors file")
    (size,) = struct.unpack("<Q", data[:8])
    if size > min(MAX_HEADER, len(data) - 8):
        raise SemanticUnavailableError(f"{path} is not a safetensors file")
    header = json.loads(data[8:8 + size])
    base = 8 + size
    out = {}
    for name, t in header.items():
        if name == "__metadata__":
            continue
        dtype = DTYPES.get(t["dtype"])
        begin, end = t["data_offsets"]
        count = int(np.prod(t["shape"], dtype=np.int64))
        if dtype is None or end - begin != count * np.dtype(dtype).itemsize or base + end > len(data):
            raise SemanticUnavailableError(f"{path}: tensor {name} cannot be read ({t['dtype']}, {t['shape']})")
        out[name] = np.frombuffer(data, dtype=dtype, count=count, offset=base + begin).reshape(t["shape"])
    return out
