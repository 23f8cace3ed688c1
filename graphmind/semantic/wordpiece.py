"""BERT's uncased WordPiece tokenizer, read from the model's own tokenizer.json, in plain Python: the
steps of its normalizer (drop control characters, spaces for whitespace, CJK characters set apart,
accents stripped, lowercase), its pre-tokenizer (split at whitespace and punctuation) and its
greedy longest-match WordPiece, then [CLS] ... [SEP] cut at the token cap. Checked token for token
against the `tokenizers` package (benchmarks/check_wordpiece.py, tests/semantic/)."""
from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

from graphmind.errors import SemanticUnavailableError

_WHITE = frozenset(" \t\n\r\u00a0\u1680\u2028\u2029\u202f\u205f\u3000") | frozenset(map(chr, range(0x2000, 0x200B)))
_OTHER = frozenset(("Cc", "Cf", "Cn", "Co", "Cs"))
_PUNCT = frozenset(("Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps"))
_CJK = ((0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0x20000, 0x2A6DF), (0x2A700, 0x2B73F), (0x2B740, 0x2B81F),
        (0x2B920, 0x2CEAF), (0xF900, 0xFAFF), (0x2F800, 0x2FA1F))
_ASCII_WORDS = re.compile(r"[a-z0-9]+|[^a-z0-9 ]")      # words and single punctuation marks of a clean ASCII text
_ASCII_SPACE = re.compile(r"[\t\n\r]")
_ASCII_CONTROL = re.compile(r"[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f]")
_ASCII_PUNCT = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


def _is_cjk(code: int) -> bool:
    return any(lo <= code <= hi for lo, hi in _CJK)


def _is_punct(ch: str) -> bool:
    return ch in _ASCII_PUNCT or unicodedata.category(ch) in _PUNCT


def normalize(text: str) -> str:
    """The BertNormalizer's text: control characters dropped, whitespace made spaces, CJK characters
    spaced apart, accents stripped (NFD, marks dropped), then each character lowercased."""
    if text.isascii():
        return _ASCII_CONTROL.sub("", _ASCII_SPACE.sub(" ", text)).lower()
    out = []
    for ch in text:
        if ch in ("\t", "\n", "\r"):
            out.append(" ")
        elif ch in ("\0", "\ufffd") or unicodedata.category(ch) in _OTHER:
            continue
        elif ch in _WHITE:
            out.append(" ")
        elif _is_cjk(ord(ch)):
            out.append(f" {ch} ")
        else:
            out.append(ch)
    text = unicodedata.normalize("NFD", "".join(out))
    return "".join(ch.lower() for ch in text if unicodedata.category(ch) != "Mn")


def words(text: str) -> list[str]:
    """The BertPreTokenizer's words of a normalized text: whitespace removed, each punctuation mark alone."""
    if text.isascii():
        return _ASCII_WORDS.findall(text)
    out: list[str] = []
    for chunk in text.split():
        word = []
        for ch in chunk:
            if _is_punct(ch):
                if word:
                    out.append("".join(word))
                    word = []
                out.append(ch)
            else:
                word.append(ch)
        if word:
            out.append("".join(word))
    return out


class WordPiece:
    """The tokenizer of a tokenizer.json whose model is WordPiece behind a BertNormalizer (lowercasing)
    and a BertPreTokenizer; anything else is refused rather than tokenized differently."""

    def __init__(self, path: Path, max_tokens: int):
        spec = json.loads(path.read_text(encoding="utf-8"))
        model, norm = spec.get("model") or {}, spec.get("normalizer") or {}
        if (model.get("type"), norm.get("type"), (spec.get("pre_tokenizer") or {}).get("type")) != \
                ("WordPiece", "BertNormalizer", "BertPreTokenizer") or not norm.get("lowercase") \
                or norm.get("strip_accents") is False or not norm.get("clean_text") \
                or not norm.get("handle_chinese_chars"):
            raise SemanticUnavailableError(f"{path} is not an uncased BERT WordPiece tokenizer")
        self.vocab: dict[str, int] = model["vocab"]
        self.unk = self.vocab[model["unk_token"]]
        self.prefix = model.get("continuing_subword_prefix", "##")
        self.max_chars = model.get("max_input_chars_per_word", 100)
        self.special = {t["content"]: t["id"] for t in spec.get("added_tokens", []) if t.get("special")}
        self._special = re.compile("|".join(map(re.escape, sorted(self.special, key=len, reverse=True)))) \
            if self.special else None
        self.cls, self.sep = self.vocab["[CLS]"], self.vocab["[SEP]"]
        self.max_tokens = max_tokens
        self._cache: dict[str, list[int]] = {}

    def encode(self, text: str) -> list[int]:
        """[CLS], the text's tokens (cut so that the whole fits max_tokens), [SEP]."""
        ids: list[int] = []
        pos = 0
        for m in (self._special.finditer(text) if self._special else ()):
            ids.extend(self._plain(text[pos:m.start()]))
            ids.append(self.special[m.group()])
            pos = m.end()
        ids.extend(self._plain(text[pos:]))
        return [self.cls, *ids[:self.max_tokens - 2], self.sep]

    def _plain(self, text: str) -> list[int]:
        out: list[int] = []
        for word in words(normalize(text)):
            got = self._cache.get(word)
            if got is None:
                got = self._word(word)
                if len(self._cache) < 200_000:
                    self._cache[word] = got
            out.extend(got)
        return out

    def _word(self, word: str) -> list[int]:
        """Greedy longest match first; a word with a part in no entry, or too long, is one [UNK]."""
        if len(word) > self.max_chars:
            return [self.unk]
        ids, start = [], 0
        while start < len(word):
            end, found = len(word), None
            while start < end:
                piece = word[start:end] if start == 0 else self.prefix + word[start:end]
                found = self.vocab.get(piece)
                if found is not None:
                    break
                end -= 1
            if found is None:
                return [self.unk]
            ids.append(found)
            start = end
        return ids
