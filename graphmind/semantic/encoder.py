"""A BERT sentence encoder's forward pass in numpy (all-MiniLM-L6-v2: 6 layers, 384 wide, 12 heads):
token, position and type embeddings, post-norm self-attention and GELU feed-forward layers, mean
pooling over real tokens, L2 normalisation. No PyTorch: the weights are read from safetensors.

Written for the CPU's time: every product is one BLAS call on a 2-D block of a few hundred tokens,
every element-wise pass runs in place in buffers made once per batch (fresh arrays of megabytes cost
page faults), attention runs a few sequences at a time so its scores stay in cache, and constants that
scale a product are folded into its weights once (vectors equal the plain computation's within 3e-7:
benchmarks/results/embed.jsonl)."""
from __future__ import annotations

import math

import numpy as np

# erfc(x) = (1 + c1 x + ... + c6 x^6)^-16 (Abramowitz-Stegun 7.1.28, |error| < 3e-7), written in terms of |h|
# (x = |h|/√2): no exp, which costs numpy about 3 ns an element, as much as GELU's other passes together.
_ERF_C = tuple(np.float32(c / math.sqrt(2.0) ** (k + 1)) for k, c in enumerate(
    (0.0705230784, 0.0422820123, 0.0092705272, 0.0001520143, 0.0002765672, 0.0000430638)))
_ERF_CLAMP = np.float32(10.0 * math.sqrt(2.0))    # erfc(10) < 1e-31 here: the power stays a normal float32
FFN_ROWS = 256              # tokens per block of the feed-forward layer (64 kept GELU in cache but made BLAS slower)
SCORES = 65536              # attention scores per block of sequences (256 KB: in cache)


def gelu2_(h: np.ndarray, a: np.ndarray, t: np.ndarray, poly: np.ndarray) -> np.ndarray:
    """2 x GELU(h) as BERT defines it (the erf form), in place; a, t and poly are scratch of h's shape.
    h (1 + erf(h/√2)) = h + |h| - |h| erfc(|h|/√2), with erfc = (1 + c1 x + ... + c6 x^6)^-16
    (Abramowitz-Stegun 7.1.28): numpy has no vectorised erf, scipy is not a dependency, and this form
    needs no exp. The factor 1/2 is folded into the next product's weights (exact: a power of two)."""
    np.abs(h, out=a)
    np.minimum(a, _ERF_CLAMP, out=t)
    np.multiply(t, _ERF_C[5], out=poly)
    for c in _ERF_C[4::-1]:
        poly += c
        poly *= t
    poly += np.float32(1.0)
    np.reciprocal(poly, out=poly)
    for _ in range(4):
        np.square(poly, out=poly)   # ^-16: erfc(|h|/√2)
    poly *= a
    h += a
    h -= poly
    return h


def _layer_norm_(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    """LayerNorm over the last axis of a 2-D array, in place."""
    x -= x.mean(-1, keepdims=True)
    var = np.einsum("ij,ij->i", x, x)
    var *= np.float32(1.0 / x.shape[-1])
    var += np.float32(eps)
    np.sqrt(var, out=var)
    np.reciprocal(var, out=var)
    x *= var[:, None]
    x *= weight
    x += bias
    return x


class Encoder:
    """The encoder's weights, laid out for the forward pass (matrices transposed once, Q/K/V fused, the
    attention scale folded into Q, GELU's 1/2 into the layer after it)."""

    def __init__(self, weights: dict[str, np.ndarray], config: dict):
        self.heads = int(config["num_attention_heads"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        w = {k.removeprefix("bert."): v.astype(np.float32) for k, v in weights.items()}
        self.word = w["embeddings.word_embeddings.weight"]
        self.position = w["embeddings.position_embeddings.weight"]
        self.token_type = w["embeddings.token_type_embeddings.weight"]
        self.norm = (w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        scale = np.float32(1.0 / math.sqrt(self.width // self.heads))
        self.layers = []
        for i in range(int(config["num_hidden_layers"])):
            p = f"encoder.layer.{i}."
            qkv = np.concatenate([w[p + f"attention.self.{n}.weight"] for n in ("query", "key", "value")]).T
            qkv_b = np.concatenate([w[p + f"attention.self.{n}.bias"] for n in ("query", "key", "value")])
            qkv = np.ascontiguousarray(qkv)
            qkv[:, :self.width] *= scale
            qkv_b[:self.width] *= scale
            self.layers.append((
                qkv, qkv_b,
                np.ascontiguousarray(w[p + "attention.output.dense.weight"].T), w[p + "attention.output.dense.bias"],
                (w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"]),
                np.ascontiguousarray(w[p + "intermediate.dense.weight"].T), w[p + "intermediate.dense.bias"],
                np.ascontiguousarray(w[p + "output.dense.weight"].T * np.float32(0.5)), w[p + "output.dense.bias"],
                (w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])))

    @property
    def width(self) -> int:
        return self.word.shape[1]

    def encode(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Unit-length sentence vectors for a padded batch: ids and mask are (batch, length) arrays."""
        batch, length = ids.shape
        n, width = batch * length, self.width
        x = self.word[ids.reshape(-1)]
        x += np.tile(self.position[:length], (batch, 1))
        x += self.token_type[0]
        _layer_norm_(x, *self.norm, self.eps)
        padded = not mask.all()
        bias = (mask.astype(np.float32) - np.float32(1.0)) * np.float32(1e9) if padded else None
        h = np.empty((n, 3 * width), dtype=np.float32)
        context = np.empty((n, width), dtype=np.float32)
        y = np.empty((n, width), dtype=np.float32)
        rows = min(FFN_ROWS, n)
        mid = np.empty((4, rows, self.layers[0][5].shape[1]), dtype=np.float32)
        for qkv, qkv_b, out_w, out_b, norm1, up_w, up_b, down_w, down_b, norm2 in self.layers:
            np.matmul(x, qkv, out=h)
            h += qkv_b
            self._attend(h, context, batch, length, bias)
            np.matmul(context, out_w, out=y)
            y += out_b
            y += x
            x, y = _layer_norm_(y, *norm1, self.eps), x
            for start in range(0, n, rows):
                stop = min(start + rows, n)
                m = mid[0, :stop - start]
                np.matmul(x[start:stop], up_w, out=m)
                m += up_b
                gelu2_(m, *(mid[i, :stop - start] for i in (1, 2, 3)))
                np.matmul(m, down_w, out=y[start:stop])
            y += down_b
            y += x
            x, y = _layer_norm_(y, *norm2, self.eps), x
        m = mask.astype(np.float32)
        pooled = np.einsum("bld,bl->bd", x.reshape(batch, length, width), m) / np.maximum(m.sum(1), 1e-9)[:, None]
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)

    def _attend(self, h: np.ndarray, context: np.ndarray, batch: int, length: int, bias) -> None:
        """Self-attention of every sequence, a block of sequences at a time: softmax(QKᵀ + mask) V."""
        heads, dim = self.heads, self.width // self.heads
        qkv = h.reshape(batch, length, 3, heads, dim)
        ctx = context.reshape(batch, length, heads, dim)
        group = max(1, SCORES // (heads * length * length))
        scores = np.empty((min(group, batch), heads, length, length), dtype=np.float32)
        for b in range(0, batch, group):
            e = min(b + group, batch)
            s = scores[:e - b]
            np.matmul(qkv[b:e, :, 0].transpose(0, 2, 1, 3), qkv[b:e, :, 1].transpose(0, 2, 3, 1), out=s)
            if bias is not None:
                s += bias[b:e, None, None, :]
            s -= s.max(-1, keepdims=True)
            np.exp(s, out=s)
            total = s.sum(-1, keepdims=True)
            np.reciprocal(total, out=total)
            s *= total
            np.matmul(s, qkv[b:e, :, 2].transpose(0, 2, 1, 3), out=ctx[b:e].transpose(0, 2, 1, 3))
