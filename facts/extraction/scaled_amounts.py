"""Amounts said with a scale ("$1.2k", "five grand", "2 lakh rupees"), with pence or cents ("40p"), or with
a decimal comma ("3,80 €")."""

from __future__ import annotations

import re
from decimal import Decimal

from facts.extraction.currencies import (
    _AMOUNT_KEYS,
    _CODES,
    _CURRENCY_AMOUNT_RE,
    _CURRENCY_WORD,
    _MONEY_WORDS_RE,
    _STREET_WORD,
    _SYMBOL,
    _unit,
)
from facts.extraction.number_words import _NUMBER_WORD, _spelled_number
from facts.extraction.text import _nearest_key, _Sentence
from memadmin.providers.base import ExtractedFact

# An amount with its scale: "$1.2k", "£12.4k", "1.2 million dollars", "five grand", "EUR 2.5m"; and one
# with no currency ("the deposit is 2.5k", "it sold for 1.2 million") where the words before it speak of
# money. Not "a 5k run", "10k steps", "1.2 million people": a scale needs money said or meant, and
# nothing counted after it.
_SCALE = r"k|m|bn|million|billion|thousand|grand|lakhs?|lacs?|crores?"
_SCALES = {
    "lakh": 10**5,  # India: "1.5 lakh rupees", "₹2 crore"
    "lakhs": 10**5,
    "lac": 10**5,
    "lacs": 10**5,
    "crore": 10**7,
    "crores": 10**7,
    "k": 1000,
    "thousand": 1000,
    "grand": 1000,
    "m": 10**6,
    "million": 10**6,
    "bn": 10**9,
    "billion": 10**9,
}
_SCALED_NUM = r"\d{1,3}(?:\.\d{1,3})?"
_SCALED_RE = re.compile(
    rf"""
    (?<![\w.,£$€¥₹₦₱])
    (?:
        (?P<sym>{_SYMBOL})\s?(?P<n1>{_SCALED_NUM})\s?(?P<s1>(?i:{_SCALE}))\b
          (?:\s+(?i:dollars?|pounds?|euros?|rupees?))?
      | (?P<code>(?i:{_CODES}))\s?(?P<n2>{_SCALED_NUM})\s?(?P<s2>(?i:{_SCALE}))\b
      | (?P<n3>{_SCALED_NUM})\s?(?P<s3>(?i:{_SCALE}))\b
          (?:\s?(?P<word>(?i:{_CURRENCY_WORD}|{_CODES}))\b|(?P<bare>))
      | (?i:(?P<spelled>(?:a|{_NUMBER_WORD})(?:[\s-]+{_NUMBER_WORD})?)
          (?P<half>\s+and\s+a\s+half)?\s+(?P<s4>grand))\b
    )
    (?!\s+(?i:people|persons|users|followers|views|steps|miles|km|words|run|race|resolution|subscribers|visitors)\b)
    """,
    re.X,
)
_SUB_UNIT_RE = re.compile(
    r"(?<![\w.,£$€])(?P<n>\d{1,3}(?:\.\d)?)\s?(?:(?P<unit>pence|cents?)\b"
    r"|(?P<p>p)(?:(?P<rate>(?=\s+(?:an?|per|each)\b))|(?=\s*(?:[,.;!?]|$))))",
    re.I,
)
# "a fine of 40p", "a late fee of 20p ,", "the fare comes to 47p": what is owed, before pence said alone.
_OWED_BEFORE_RE = re.compile(
    r"\b(?:fines?|fee|fares?|charge|costs?|price|pay|owe|total|comes?|just|only|is|are|was|'s|be)\b"
    r"(?:\s+\w+){0,2}\s+$",
    re.I,
)
# Euros and Swiss francs with a decimal comma: "3,80 €", "12,50 euros", "€ 4,20", "CHF 7,50".
_DECIMAL_COMMA_RE = re.compile(
    r"(?<![\w.,])(?:(?P<n>\d{1,4}),(?P<d>\d\d)\s?(?P<after>€|(?i:euros?|EUR|CHF)\b)"
    r"|(?P<before>€|(?i:EUR|CHF)(?=\s))\s?(?P<n2>\d{1,4}),(?P<d2>\d\d)"
    r"|(?P<n3>\d{1,4}),(?P<d3>\d\d)(?=\s|$|[.;!?]))(?![\d,]|\.\d)"  # "39,90" where euros are spoken of
)
_EURO_TALK_RE = re.compile(r"€|\b(?:euros?|EUR)\b", re.I)
# After an amount with a scale and no currency, words that say it is money: "3.2k Canadian all in".
_MONEY_AFTER_SCALE_RE = re.compile(
    r"\s+(?:(?-i:Canadian|Australian|American|US|NZ|Kiwi|Singapore|Hong\s+Kong)\b"
    r"|all\s+in|in\s+total|altogether|a\s+(?:month|year|week)|per\s+(?:month|year|annum|week)"
    r"|at\s+\d{1,2}(?:\.\d{1,2})?\s?(?:%|percent\b|per\s+cent\b))",  # "160k at 4.79 percent": lent at a rate
    re.I,
)
_LIMIT_SCALED_BEFORE_RE = re.compile(
    r"\b(?:under|below|up\s+to|less\s+than|no\s+more\s+than|max(?:imum)?|at\s+most|around|about)\s+$", re.I
)
_SENT_SCALED_BEFORE_RE = re.compile(
    r"\b(?:send|sent|transfer(?:red)?|wire|lend|give|pay|paid|owe)\s+(?:(?:him|her|them|me|my\s+\w+|the\s+\w+)\s+)?$",
    re.I,
)
_SHOPPING_RE = re.compile(r"\b(?:shopping|buy(?:ing)?|budget|afford|spend|looking\s+for)\b", re.I)
_INDIAN_SCALE_RE = re.compile(r"lakhs?|lacs?|crores?", re.I)
_COUNTED_AFTER_SCALE_RE = re.compile(
    r"\s+(?:miles|km|kilometers|kilometres|steps|runs?|people|followers|views)\b", re.I
)
# Before "a grand": a word of about how much ("Nearly a grand for four nights").
_ABOUT_BEFORE_RE = re.compile(
    r"\b(?:nearly|almost|about|around|roughly|over|under|just|less\s+than|more\s+than)\s+$", re.I
)


_MAY_HAVE_SCALED_RE = re.compile(
    r"\d\s?(?:[kKmMpc]\b|bn\b|million|billion|thousand|pence|cents?|lakh|lac|crore)|grand|\d,\d\d(?!\d)", re.I
)


def _scaled(s: _Sentence) -> list[ExtractedFact]:
    """Amounts said with a scale, with pence or cents, or with a decimal comma."""
    out: list[ExtractedFact] = []
    if not _MAY_HAVE_SCALED_RE.search(s.text):
        return out  # most sentences have no scale, sub-unit or decimal comma: one quick look says so
    for m in _SCALED_RE.finditer(s.text):
        if m["spelled"]:
            if s.question:
                continue  # "anything under two grand ?" only asks
            number = _spelled_number(re.sub(r"^an?$", "one", m["spelled"].lower()))
            if number is None:
                continue
            number = Decimal(number) + (Decimal("0.5") if m["half"] else 0)  # "three and a half grand"
            before = s.text[max(0, m.start() - 40) : m.start()]
            if re.match(
                r"\s+[A-Z]|\s+(?i:piano|total|opening|prix|tour|slam|finale|scheme|design|entrance)\b",
                s.text[m.end() :],
            ):
                continue  # "a grand piano", "the Grand Hotel"
            if m["spelled"].lower() in ("a", "an") and not (
                _MONEY_WORDS_RE.search(before) or _ABOUT_BEFORE_RE.search(before)
            ):
                continue
        else:
            number = Decimal(m["n1"] or m["n2"] or m["n3"])
        scale = _SCALES[(m["s1"] or m["s2"] or m["s3"] or m["s4"]).lower()]
        said = m["sym"] or m["code"] or m["word"]
        grand = (m["s3"] or "").lower() == "grand"
        if grand and re.match(
            rf"\s+(?:[A-Z]|(?i:{_STREET_WORD}|pianos?|hotel|prix|tour|slam|canyon)\b)", s.text[m.end() :]
        ):
            continue  # "3 grand pianos", "the 5 Grand Hotel", "12 Grand Avenue"
        grand = grand and m["s3"] == "grand"
        if m["n3"] is not None and not said and not grand:  # "5 grand" is money by itself
            before = s.text[max(0, m.start() - 40) : m.start()]
            money = _MONEY_WORDS_RE.search(before) or _CURRENCY_AMOUNT_RE.search(s.text)
            asking = re.search(r"\b(?:wants?|asks?|asking|charges?|quoted?)\s+$", before, re.I)
            money = money or (asking and any(_CURRENCY_AMOUNT_RE.search(t) for t in s.recent[:-1]))
            money = money or (s.money_said and _MONEY_AFTER_SCALE_RE.match(s.text, m.end()))
            # "send 15k to my sister"; "new place is 65k." just after "KSh 45,000": money sent, or a sum said
            # where the turn before gave one with its currency
            money = (
                money
                or _SENT_SCALED_BEFORE_RE.search(before)
                or any(_CURRENCY_AMOUNT_RE.search(t) for t in s.recent[-2:-1])
            )
            # "a used SUV under 25k": a limit on what is shopped for, or where money was said
            money = money or (
                _LIMIT_SCALED_BEFORE_RE.search(before)
                and (s.money_said or _SHOPPING_RE.search(s.turn.content or ""))
                and not _COUNTED_AFTER_SCALE_RE.match(s.text, m.end())
            )
            # "2 lakh to start" after a sum in rupees: India's scales are of money where money was said,
            # unless something counted follows ("2 lakh people")
            money = money or (
                _INDIAN_SCALE_RE.fullmatch(m["s1"] or m["s2"] or m["s3"] or m["s4"])
                and s.money_said
                and not re.match(r"\s+[a-z]+s\b", s.text[m.end() :])
                and not _COUNTED_AFTER_SCALE_RE.match(s.text, m.end())
            )
            if re.search(r"\b(?:a|an|the)\s+$", before, re.I) or not money:
                continue  # "a 5k", "10k steps": no money spoken of before it or said in the sentence
        if (m["s3"] or "").lower() == "m" and not said:
            continue  # "5m" alone is metres as often as millions
        unit = _unit(said) if said else ""
        normalised = f"{number * scale:.2f} {unit}".strip()
        key = _nearest_key(s.text, m.start(), m.end(), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, *m.span(), normalised))
    for m in _SUB_UNIT_RE.finditer(s.text):
        before = s.text[max(0, m.start() - 60) : m.start()]
        if m["p"] and m["rate"] is not None:  # "10p a page", "5p a day"; not "720p per second"
            priced = _MONEY_WORDS_RE.search(before) or len(m["n"]) <= 2
        else:  # "a fine of 40p ."
            priced = _OWED_BEFORE_RE.search(before)
        if m["p"] and (not priced or float(m["n"]) >= 100):
            continue  # "5p" only where money is spoken of: a charge, a rate, a price; "720p" is a screen
        cents = (m["unit"] or "").lower().startswith("cent")
        value = Decimal(m["n"]) / 100
        key = _nearest_key(s.text, m.start(), m.end(), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, *m.span(), f"{value:f} {'USD' if cents else 'GBP'}"))
    for m in _DECIMAL_COMMA_RE.finditer(s.text):
        if m["n3"] and not _EURO_TALK_RE.search(" ".join(s.recent)):
            continue  # "39,90" alone is a price only where euros are spoken of
        said = (m["after"] or m["before"] or "EUR").lower().rstrip("s")
        unit = "CHF" if said == "chf" else "EUR"
        value = Decimal(f"{m['n'] or m['n2'] or m['n3']}.{m['d'] or m['d2'] or m['d3']}")
        key = _nearest_key(s.text, m.start(), m.end(), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, *m.span(), f"{value:.2f} {unit}".rstrip()))
    return out
