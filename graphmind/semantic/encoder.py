"""A BERT sentence encoder's forward pass in numpy (all-MiniLM-L6-v2: 6 layers, 384 wide, 12 heads):
token, position and type embeddings, post-norm self-attention and GELU feed-forward layers, mean
pooling over real tokens, L2 normalisation. No PyTorch: the weights are read from safetensors."""
from __future__ import annotations

import math

import numpy as np


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * weight + bias


_ERF_P = 0.3275911
_ERF_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)
FFN_ROWS = 64               # tokens per block of the feed-forward layer: its 1536-wide middle stays in cache


def gelu_(h: np.ndarray) -> np.ndarray:
    """GELU as BERT defines it (the erf form), in place, with erf from Abramowitz-Stegun 7.1.26
    (|error| < 1.5e-7): numpy has no vectorised erf and scipy is not a dependency. In place and on
    blocks that fit in cache: the element-wise passes cost as much as the matrix products otherwise."""
    z = h * np.float32(1.0 / math.sqrt(2.0))
    a = np.abs(z)
    t = a * np.float32(_ERF_P)
    t += 1.0
    np.reciprocal(t, out=t)
    poly = t * np.float32(_ERF_A[4])
    for c in (_ERF_A[3], _ERF_A[2], _ERF_A[1], _ERF_A[0]):
        poly += np.float32(c)
        poly *= t
    np.square(a, out=a)
    np.negative(a, out=a)
    np.exp(a, out=a)
    poly *= a                        # 1 - erf(|z|)
    np.subtract(1.0, poly, out=poly)
    np.copysign(poly, z, out=poly)   # erf(z)
    poly += 1.0
    h *= poly
    h *= np.float32(0.5)
    return h


def _feed_forward(x: np.ndarray, up_w: np.ndarray, up_b: np.ndarray, down_w: np.ndarray,
                  down_b: np.ndarray) -> np.ndarray:
    """down(gelu(up(x))) over blocks of FFN_ROWS tokens."""
    flat = x.reshape(-1, x.shape[-1])
    out = np.empty((flat.shape[0], down_w.shape[1]), dtype=np.float32)
    for start in range(0, flat.shape[0], FFN_ROWS):
        h = flat[start:start + FFN_ROWS] @ up_w
        h += up_b
        np.matmul(gelu_(h), down_w, out=out[start:start + FFN_ROWS])
    out += down_b
    return out.reshape(x.shape[:-1] + (down_w.shape[1],))


class Encoder:
    """The encoder's weights, laid out for the forward pass (matrices transposed once, Q/K/V fused)."""

    def __init__(self, weights: dict[str, np.ndarray], config: dict):
        self.heads = int(config["num_attention_heads"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        w = {k.removeprefix("bert."): v.astype(np.float32) for k, v in weights.items()}
        self.word = w["embeddings.word_embeddings.weight"]
        self.position = w["embeddings.position_embeddings.weight"]
        self.token_type = w["embeddings.token_type_embeddings.weight"]
        self.norm = (w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        self.layers = []
        for i in range(int(config["num_hidden_layers"])):
            p = f"encoder.layer.{i}."
            qkv = np.concatenate([w[p + f"attention.self.{n}.weight"] for n in ("query", "key", "value")]).T
            qkv_b = np.concatenate([w[p + f"attention.self.{n}.bias"] for n in ("query", "key", "value")])
            self.layers.append((
                np.ascontiguousarray(qkv), qkv_b,
                np.ascontiguousarray(w[p + "attention.output.dense.weight"].T), w[p + "attention.output.dense.bias"],
                (w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"]),
                np.ascontiguousarray(w[p + "intermediate.dense.weight"].T), w[p + "intermediate.dense.bias"],
                np.ascontiguousarray(w[p + "output.dense.weight"].T), w[p + "output.dense.bias"],
                (w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])))

    @property
    def width(self) -> int:
        return self.word.shape[1]

    def encode(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Unit-length sentence vectors for a padded batch: ids and mask are (batch, length) arrays."""
        batch, length = ids.shape
        x = self.word[ids] + self.position[:length][None] + self.token_type[0]
        x = _layer_norm(x, *self.norm, self.eps)
        heads, dim = self.heads, self.width // self.heads
        scale = 1.0 / math.sqrt(dim)
        bias = ((1.0 - mask[:, None, None, :].astype(np.float32)) * np.float32(-1e9))
        for qkv, qkv_b, out_w, out_b, norm1, up_w, up_b, down_w, down_b, norm2 in self.layers:
            h = (x @ qkv + qkv_b).reshape(batch, length, 3, heads, dim).transpose(2, 0, 3, 1, 4)
            q, k, v = h[0], h[1], h[2]
            scores = (q @ k.transpose(0, 1, 3, 2)) * scale + bias
            scores -= scores.max(-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, length, heads * dim)
            x = _layer_norm(x + context @ out_w + out_b, *norm1, self.eps)
            x = _layer_norm(x + _feed_forward(x, up_w, up_b, down_w, down_b), *norm2, self.eps)
        m = mask[..., None].astype(np.float32)
        pooled = (x * m).sum(1) / np.maximum(m.sum(1), 1e-9)
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
