"""The two hours of a shift, a cover or a trading day, as a rota or a stallholder types them:
"chloe does sat 9-2", "i do 2-5.30", "can she do 10-4", "trading 9-4", "Lani mon-wed 8-2", "Sione thu-fri
7.30-3.30", "and me sat 11-4ish", "Aoife can do 11 to 4 on 19 May", "trading from 9 to 4". Read after the day
the shift is on or a verb of doing the work, with nothing after the window but the end of the clause; not a
count or a score ("3-4 days", "won 3-1"), a question, or talk of money. Returns (start, end, "HH:MM") for the
hours the rules before it left."""

from __future__ import annotations

import re

from facts.extraction.clock_words import _TYPED_WEEKDAY, _money_talk
from facts.extraction.text import is_question
from facts.extraction.time_windows import afternoon_window

# A day the shift is on ("sat", "mon-wed", "thu-fri", "Saturdays"), or a verb of doing the work ("does",
# "can do", "trading", "to cover", "to help ,"), straight before the window, with "from" between if said.
_SHIFT_CUE_RE = re.compile(
    rf"(?:\b{_TYPED_WEEKDAY}s?(?:\s*[-–]\s*{_TYPED_WEEKDAY})?"
    r"|\b(?:do|does|doing|work|works|working|trading|cover|covers|covering|help|helps|helping|shift)"
    r")\s*,?\s*(?:from\s+)?$",
    re.I,
)
_SHIFT_CLOCK = r"(?:1[0-2]|0?[1-9])(?:[:.][0-5]\d)?"
_SHIFT_RE = re.compile(
    rf"(?<![\w:.,£$€/#+-])(?P<a>{_SHIFT_CLOCK})\s?(?P<join>[-–]|to|till|until|til)\s?"
    rf"(?P<b>{_SHIFT_CLOCK})(?P<ap>\s?[ap]\.?m\b\.?)?(?P<ish>-?ish\b)?"
    # the end of the clause, or the day, a word of when or a limit after it: "10-4 on sat", "11 to 4 only"
    r"(?=\s*(?:$|[,;!?)]|\.(?!\d)|(?:on|only|then|and|both|every|each)\b"
    rf"|{_TYPED_WEEKDAY}\b))",
    re.I,
)


def _parts(said: str) -> tuple[int, int]:
    hour, _, minute = said.replace(".", ":").partition(":")
    return int(hour), int(minute or 0)


def shift_windows(text: str, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The clocks of the shifts said in ``text`` that ``found`` has not read."""
    if is_question(text):
        return []
    out: list[tuple[int, int, str]] = []
    for m in _SHIFT_RE.finditer(text):
        if not _SHIFT_CUE_RE.search(text, max(0, m.start() - 24), m.start()):
            continue
        if _money_talk(text[: m.start()]):
            continue
        (first, first_min), (second, second_min) = _parts(m["a"]), _parts(m["b"])
        ten_to = m["join"].lower() == "to" and first in (5, 10) and not first_min
        if ten_to and not re.search(r"\bfrom\s+$", text[: m.start()], re.I):
            continue  # "10 to 4" is also ten minutes to four; "from 10 to 4" is not
        if m["ap"]:
            pm = "p" in m["ap"].lower()
            second = second % 12 + (12 if pm else 0)
            if pm and first % 12 + 12 < second:
                first = first % 12 + 12
        else:
            if (window := afternoon_window(first, second)) is None:
                continue
            first, second = window
        if (first, first_min) >= (second, second_min):
            continue
        ends = [
            (m.start("a"), m.end("a"), f"{first:02d}:{first_min:02d}"),
            (
                m.start("b"),
                m.end("ish") if m["ish"] else m.end("ap") if m["ap"] else m.end("b"),
                f"{second:02d}:{second_min:02d}",
            ),
        ]
        for start, end, clock in ends:
            if not any(s < end and start < e for s, e, _ in found + out):
                out.append((start, end, clock))
    return out
