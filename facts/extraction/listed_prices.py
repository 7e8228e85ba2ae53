"""Bare numbers that go on a list of prices begun in the same sentence, read once a price of the list has been
read (with its currency, its rate or by the words around it):

- the next thing and its number, after a comma: "a dorm bed is 22 a night , a private room 49", "stalls are
  28 , the circle 21.50"; not "tickets are 12 , platform 4" (what a number names) nor "the tour is 12 , the
  bus at 9" (a clock);
- the next leg and its number, opening the next clause the way the price before it did: "about 12 pounds to
  the depot , and 13.50 from there to the station"; not "12 pounds to the depot , and 10 minutes from
  there".

Never in a question, never before what is counted or measured ("20 minutes", "4 people").
"""

from __future__ import annotations

import re

from facts.extraction.checked_sums import _NOT_MONEY_AFTER_RE
from facts.extraction.currencies import _AMOUNT_KEYS
from facts.extraction.text import _nearest_key, _Sentence
from memadmin.providers.base import ExtractedFact

_N = r"(?<![\w.,:£$€/#-])(?P<n>\d{1,4}(?:\.\d\d)?)(?![\w£$€%]|[.,:/-]\d)"
# What a number after it names, never prices: "platform 4", "gate 12", "the number 9".
_NAMES_A_NUMBER = (
    r"platforms?|gates?|rooms?|tables?|rows?|seats?|bays?|pitch(?:es)?|flats?|units?|numbers?|no|ext|extension"
    r"|bus(?:es)?|routes?|levels?|floors?|stands?|stops?|lines?|doors?|piers?|berths?|terminals?|tracks?"
    r"|buildings?|blocks?|lanes?|roads?|streets?|ages?|aged|sizes?|under|over|kids|children|adults|people"
)
_WORD = r"[a-z][a-z'-]*"
# Words that make what follows them no thing priced: a clock, a date or a count ("the bus at 9", "gates
# open by 7", "back on 12").
_NOT_A_THING = re.compile(
    r"\b(?:at|by|on|from|until|till|to|after|before|around|about|in|is|are|was|opens?|closes?|leaves?|runs?"
    r"|starts?|ends?|every|each|for|of|with|and|or|but|then|than|up|down|only)\b",
    re.I,
)
# ", a private room 49", ", the circle 21.50", ", and the upper tier 15": the next thing of the list and its
# number, ending its clause.
_NEXT_ITEM_RE = re.compile(
    r"(?:\s+(?:a|an|per)\s+(?:night|person|head|day|week|hour|adult|child|bed|room|seat|ticket))?"
    rf"\s*,\s*(?:and\s+)?(?P<art>the|an?|your)\s+(?P<what>{_WORD}(?:\s+{_WORD}){{0,2}})\s+{_N}"
    r"(?=\s*(?:[.,;!]|$))",
    re.I,
)
# ", and 13.50 from there to the station": the next leg's number, opening its clause, then where it runs.
_NEXT_LEG_RE = re.compile(
    rf"\s*,\s*(?:and\s+|then\s+)?(?:another\s+|about\s+|around\s+)?{_N}\s+(?P<prep>from|to)\s+(?!\d)", re.I
)
# What goes after the price already read, for a leg: "12 pounds to the depot", "£4 from the station".
_LEG_AFTER_RE = re.compile(r"\s*(?:pounds?|quid|euros?|dollars?)?\s*(?:to|from)\s+(?!\d)", re.I)
_CLOCK_AFTER_RE = re.compile(r"\s*(?:[ap]\.?m\b|o'?\s?clock|h\b|hrs\b)", re.I)


def _priced_item(m: re.Match) -> bool:
    """Is ", a private room 49" a thing and its price: no word of a clock, a count or a number's name?"""
    words = m["what"].lower().split()
    if _NOT_A_THING.search(m["what"]):
        return False
    if re.fullmatch(_NAMES_A_NUMBER, words[-1], re.I):
        # "a private room 49" is priced as a thing of a kind; "the room 49" names one
        return m["art"].lower() in ("a", "an") and words[-1] not in ("under", "over", "aged", "no")
    return True


def prices_listed(s: _Sentence, values: list[ExtractedFact]) -> list[ExtractedFact]:
    """Numbers that go on with a list of prices, after a price of it read in this sentence."""
    if s.question:
        return []
    text = s.text
    amounts = sorted(
        (f.span[0] - s.offset, f.span[1] - s.offset)
        for f in values
        if f.type == "amount" and s.offset <= f.span[0] < s.offset + len(text)
    )
    if not amounts:
        return []
    taken = [(f.span[0] - s.offset, f.span[1] - s.offset) for f in values]
    out: list[ExtractedFact] = []
    ends = [end for _, end in amounts]
    while ends:
        end = ends.pop(0)
        item = _NEXT_ITEM_RE.match(text, end)
        # a leg goes on from a price that led the same way: "12 pounds to the depot , and 13.50 from there"
        leg = None if item else _LEG_AFTER_RE.match(text, end) and _NEXT_LEG_RE.search(text, end)
        if leg and (re.search(r"[\d.;!?]", text[end : leg.start()]) or leg.start() - end > 40):
            leg = None
        m = item if item and _priced_item(item) else leg
        if not m:
            continue
        if _NOT_MONEY_AFTER_RE.match(text, m.end("n")) or _CLOCK_AFTER_RE.match(text, m.end("n")):
            continue
        start, stop = m.start("n"), m.end("n")
        if any(a < stop and start < b for a, b in taken):
            continue
        key = _nearest_key(text, start, stop, _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, start, stop, m["n"]))
        taken.append((start, stop))
        ends.append(stop)  # the list goes on: ", the circle 21.50 , the gallery 15"
    return out
