"""How many tokens a text costs an LLM, estimated offline (no tokenizer file, no download).

The text is cut into the pieces of the GPT pre-tokenizer (a word with one leading space or
punctuation character, up to three digits, a punctuation run, a whitespace run); each word is then
split into camel-case humps and priced by a linear model — per hump plus per letter, with their own
constants for all-caps humps and for words led by punctuation (`/contrib`, `.Iterator`) — and every
other piece costs one token. The constants were fitted by least squares against tiktoken's
cl100k_base on repo maps and `file:line signature` rows of Flask, Requests and Django
(benchmarks/calibrate_tokens.py); the measured error is stated in docs/repomap.md.
"""
from __future__ import annotations

import re
from functools import lru_cache

# tokens per (lower-case hump, all-caps hump, lower-case letter, capital letter in an all-caps hump)
WORD = (0.799, 0.798, 0.053, 0.132)            # word led by a space, '_' or nothing
PUNCT_WORD = (0.678, 0.509, 0.124, 0.205)      # word led by punctuation
PUNCT_EXTRA = 0.013                            # a punctuation run: one token, plus this per extra character

_PIECES = re.compile(r"'(?:[sdmt]|ll|ve|re)(?![^\W\d_])"      # English contractions
                     r"|(?:[^\r\n\w]|_)?[^\W\d_]+"           # a word, with one leading non-letter
                     r"|\d{1,3}"                             # digits, three at a time
                     r"| ?(?:[^\s\w]|_)+[\r\n]*"             # a punctuation run
                     r"|\s*[\r\n]+|\s+(?!\S)|\s+")           # newlines, then other whitespace
_HUMPS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[^\W\d_a-zA-Z]+")


@lru_cache(maxsize=65536)
def _word_cost(word: str) -> float:
    letters = word.lstrip("_ ") if word[0] in "_ " else word[1:]
    hump, cap_hump, letter, cap = PUNCT_WORD if len(letters) < len(word) and word[0] not in "_ " else WORD
    cost = 0.0
    for h in _HUMPS.findall(letters) or [letters]:
        cost += cap_hump + cap * len(h) if h.isupper() else hump + letter * len(h)
    return cost


def _cost(text: str) -> float:
    total = 0.0
    for piece in _PIECES.findall(text):
        core = piece.strip()
        if core and core[-1].isalpha():
            total += _word_cost(piece)
        elif core and not core[0].isdigit():
            total += 1.0 + PUNCT_EXTRA * (len(core) - 1)
        else:
            total += 1.0
    return total


def count_tokens(text: str) -> int:
    """The estimated number of tokens of text (cl100k_base-like; error stated in docs/repomap.md)."""
    return round(_cost(text))


@lru_cache(maxsize=65536)
def line_cost(line: str) -> float:
    """The unrounded estimate of one line plus its newline; sum these and round once for a whole text."""
    return _cost(line + "\n")
