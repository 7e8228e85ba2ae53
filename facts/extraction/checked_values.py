"""A question that checks what was meant ("Did you mean 10 till 4?", "Do you mean the 14th?", "You mean
flat 3B?") states no value of its own: it asks which one holds, and the answer states it."""

from __future__ import annotations

import re

from facts.extraction.text import is_question

_CHECKS_MEANT_RE = re.compile(
    r"^\W*(?:(?:sorry|so|oh|wait|hang\s+on|just\s+to\s+check)\W+)?(?:did|do)\s+you\s+mean\b", re.I
)


def checks_what_was_meant(text: str) -> bool:
    """Is the sentence ``text`` a question that checks what was meant (see the module)?"""
    return is_question(text) and bool(_CHECKS_MEANT_RE.search(text))
