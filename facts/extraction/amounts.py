"""Amounts of money, with their currency."""

from __future__ import annotations

import re
from decimal import Decimal

from facts.extraction.number_words import _NUMBER_WORD, _WORD_VALUES, _spelled_number, _with_cents
from facts.extraction.text import _nearest_key, _Sentence, _words, is_question
from memadmin.providers.base import ExtractedFact

# ------------------------------------------------------------------ amounts

_NUM = r"\d{1,2}(?:,\d\d)+,\d{3}|\d{1,3}(?:,\d{3})+|\d+"  # Indian grouping too: "1,20,000"
_CURRENCY_WORD = r"pounds?|quid|dollars?|bucks?|euros?|rupees?|yen|francs?|pesos?|soles"
# "5 pound hill" is a street: a currency word before a street word is part of its name.
_STREET_WORD = r"hill|street|road|lane|close|way|row|green|walk|court|gardens|square|avenue|drive|yard|place"
# Currency signs: dollars named by their country ("C$640", "S$480"), rupees written "Rs" ("Rs 1,180",
# "Rs. 950"), Peruvian soles written "S/" ("S/ 145", "S/40").
# A rand's "R" only straight before a number written with thousands or cents ("R24,000",
# "R89.50"), so that a road ("the R56"), a size or a droid ("R2") is none.
_SYMBOL = r"(?:C|CA|A|AU|NZ|US|S|HK)?\$|[£€¥₹]|Rs\.?(?=\s?\d)|(?<!/)S/(?=\s?\d)"
_RAND = r"R(?=\d{1,3}(?:,\d{3})+(?![\d.,]\d)|\d+\.\d\d(?![\d.,]))"
_CODES = r"GBP|USD|EUR|INR|JPY|AUD|CAD|CHF|ZAR|SGD|NZD|HKD"
_AMOUNT_RE = re.compile(
    rf"""
    (?<![\w.,])
    (?:
        (?P<sym>{_SYMBOL}|{_RAND})\s?(?P<n1>{_NUM})(?:\.(?P<d1>\d{{1,2}}))?
      | (?P<code>(?i:{_CODES}))\s?(?P<n2>{_NUM})(?:\.(?P<d2>\d{{1,2}}))?
      | (?P<n3>{_NUM})(?:\.(?P<d3>\d{{1,2}}))?\s?
        (?P<word>(?i:{_CODES})|€|(?i:{_CURRENCY_WORD})(?!\s+(?:of|{_STREET_WORD})\b))(?![A-Za-z])
        (?(d3)|(?:\s+(?P<pence>\d{{1,2}})(?:\s?(?i:pence|p|cents?)\b)?  # "12 pounds 50", "3 dollars 20 cents"
            (?=\s*(?:$|[.,;:!?)]|(?i:each|per|a|an|in|for|total|please|and|or|altogether|only)\b
              |(?i:to\s+(?:get|go|enter|visit|see|park|hire|rent|book|ride))\b))))?  # "2 pounds 50 to get in"
      | (?i:(?P<spelled>(?:(?:\b(?:a|an)|(?<![\d.,])\d{{1,3}})\s+(?=hundred|thousand))?
        (?<!zero\s)(?<!\boh\s)\b(?!zero\b){_NUMBER_WORD}
        (?:(?:\s+and\s+|[\s-]+){_NUMBER_WORD})*)\s+
        (?P<word2>{_CURRENCY_WORD})\b(?!\s+(?:of|{_STREET_WORD})\b)      # "a hundred and twenty bucks"
        (?:\s+and\s+(?P<cents>{_NUMBER_WORD}(?:[\s-]+{_NUMBER_WORD})?)\s+cents\b)?)  # "... and fifty cents"
        # (never from or after "zero": "dial star pound zero six pound" says keys)
    )
    (?![\d,]\d|\.\d|\s?(?i:k|m|bn|million|billion|thousand|grand)\b)   # "£5k": read with its scale below
    """,
    re.X,
)
# Pence said in words after a currency word: "twenty two pounds fifty", "12 pounds seventy five each".
_PENCE_WORDS_AFTER_RE = re.compile(
    rf"\s+(?P<pence>\d{{1,2}}|{_NUMBER_WORD}(?:[\s-]+{_NUMBER_WORD})?)"
    r"(?=\s*(?:$|[.,;:!?)]|(?:each|per|a|an|in|for|total|please|and|or|altogether|only)\b))",
    re.I,
)


def _pence_after(text: str, end: int) -> tuple[int, Decimal] | None:
    """(end, the pence as a fraction) of pence said after a currency word that ends at ``end``, or None."""
    if not (after := _PENCE_WORDS_AFTER_RE.match(text, end)):
        return None
    pence = int(after["pence"]) if after["pence"].isdigit() else _spelled_number(after["pence"])
    return (after.end(), Decimal(pence) / 100) if pence and 0 < pence < 100 else None


# What a price is for, after "a" or "per": "14.20 a case", "3.50 per kilo".
_PER_UNIT = (
    r"(?:person|head|ticket|night|case|crate|bag|box|pack|packet|carton|bottle|tin|jar|roll|sack|kilo|kg|litre"
    r"|liter|unit|item|piece|dozen|day|week|month|year|hour|session|visit|class|lesson)s?\b"
)
# A price said without its currency ("entrance is 2.50", "it is 3.20 per person"): pounds and
# pence straight after a word for what something costs, or before "per person", "each".
_BARE_PRICE_RE = re.compile(
    rf"""(?:\b(?:(?:entrance|entry|admission|ticket|seat|fare|fee|price|cost|charge|total|refund|deposit)s?
        (?:\s+(?:fee|price|cost|charge)s?)?
        (?:\s+(?:for|per)(?:\s+[a-z]+){{1,3}}?(?=\s+(?:is|are|was|will\s+be)\b))?  # "the price per person is"
        (?:\s+(?:is|are|was|will\s+be|would\s+be|of|comes\s+to))?\s*:?|costs?|costing|priced\s+at|pay
        |(?:comes?|came)\s+to)\s+)?  # "two adults and a child come to 21.50"
    (?<![\w.,£$€-])(?P<bare>\d{{1,4}}\.\d\d)
    (?![\d.,]|[A-Za-z%]|\s?(?:%|percent|per\s+cent|miles?|km|kilomet\w+|kg|stars?|hours?|minutes?|mins?)\b)
    (?P<per>\s+(?:per\s+(?:person|adult|child|ticket|night|head)|each|(?:an?|per)\s+{_PER_UNIT}
        |for\s+(?:adults?|child(?:ren)?|kids|students|seniors|pensioners|concessions|members)\b  # for whom
        |in\s+total|altogether|on\s+top|plus\s+(?:tax|tip|vat|gst|fees?|shipping|delivery)))?""",
    re.I | re.X,
)
# Between a price and the next one of a list: "4.50 pounds for students , 6.25", "5.00 and for children 2.50".
# "8 pounds per person , or 6.50 online": what the price is for may come first.
_LISTED_AFTER_RE = re.compile(
    r"\s*(?:(?:for|per)\s+[a-z]+(?:\s+[a-z]+)?\s*|each\s*)?(?:,?\s*otherwise\b|,\s*(?:and|or)\b|,|and|or|/)\s*"
    r"(?:for\s+[a-z]+(?:\s+[a-z]+)?\s+|(?:adults?|child(?:ren)?|kids?|students?|seniors?|concessions?|members?"
    r"|infants?|famil(?:y|ies)|groups?|pensioners?|under\s?\d{1,2}s?)\s+)?"  # "5 pounds , children 2.50"
)
# The first of two prices that share the currency said after the second: "between 15 and 25 pounds",
# "12 - 14 gbp", "from 5 to 8 pounds".
_RANGE_START_RE = re.compile(
    r"(?:(?P<between>\bbetween)\s+|(?<![\w.,:£$€]))(?P<first>\d{1,4}(?:\.\d\d)?)\s*(?P<joiner>and|to|-|or)\s*$",
    re.I,
)
_CURRENCIES = {
    "¥": "JPY",
    "₹": "INR",
    "£": "GBP",
    "gbp": "GBP",
    "pound": "GBP",
    "quid": "GBP",
    "$": "USD",
    "usd": "USD",
}
_CURRENCIES |= {"dollar": "USD", "buck": "USD", "€": "EUR", "eur": "EUR", "euro": "EUR", "franc": "CHF"}
_CURRENCIES |= {
    "inr": "INR",
    "rupee": "INR",
    "jpy": "JPY",
    "yen": "JPY",
    "aud": "AUD",
    "cad": "CAD",
    "chf": "CHF",
}
# Dollars named by their country: "C$640", "A$95", "NZ$40", "US$1,200".
_CURRENCIES |= {"c$": "CAD", "ca$": "CAD", "a$": "AUD", "au$": "AUD", "nz$": "NZD", "us$": "USD"}
_CURRENCIES |= {"s$": "SGD", "hk$": "HKD", "r": "ZAR", "zar": "ZAR", "sgd": "SGD", "nzd": "NZD", "hkd": "HKD"}
_CURRENCIES |= {"s/": "PEN", "sole": "PEN"}
_AMOUNT_KEYS = (
    (_words(r"refund(?:s|ed|ing|able)?"), "refund_amount"),
    (_words(r"charg(?:e|es|ed|ing)|bill(?:ed|ing)?"), "charge_amount"),
    (re.compile(r"\bcredit(?:s|ed)?\b(?!\s+card)", re.I), "credit_amount"),
    (_words(r"prices?|priced|cost(?:s|ing)?"), "price"),
)


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
    (?<![\w.,£$€¥₹])
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
# A number said with its currency: "£40", "$ 12", "1,250 dollars".
_WITH_CURRENCY_WORD = r"\b\d[\d,]*(?:\.\d\d)?\s?(?:gbp|usd|eur|pounds?|dollars?|euros?|bucks|quid)\b"
# rand: "R120", "R1 850", "R2,300" (not a road's "R56")
_CURRENCY_AMOUNT_RE = re.compile(
    rf"[£$€¥₹]\s?\d|{_WITH_CURRENCY_WORD}|(?-i:(?<![\w.,])R\d{{1,3}}(?:[\x20,]\d{{3}})*(?<=\d\d\d)(?![\w-]))",
    re.I,
)
_MONEY_WORDS_RE = re.compile(
    r"\b(?:deposit|price[ds]?|costs?|costing|paid|pay|paying|payment|sold|sells?|selling|bought|buy|worth|value[ds]?"
    r"|valued|appraised|budget|salary|rent|balance|loan|mortgage|quote[ds]?|fee|fees|bill|invoice|owe[ds]?"
    r"|refund|charge[ds]?|spend|spent|raise[ds]?|offer(?:ed)?|asking|total|savings?|transfer(?:red)?|fund(?:s|ing)?"
    r"|grant|bonus|income|earn(?:s|ed)?|invest(?:ed|ment)?|afford|go(?:es|ne)?\s+for|went\s+for)\b"
    rf"|[£$€¥₹]|{_WITH_CURRENCY_WORD}",
    re.I,
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
_SHOPPING_RE = re.compile(r"\b(?:shopping|buy(?:ing)?|budget|afford|spend|looking\s+for)\b", re.I)
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
            # "a used SUV under 25k": a limit on what is shopped for, or where money was said
            money = money or (
                _LIMIT_SCALED_BEFORE_RE.search(before)
                and (s.money_said or _SHOPPING_RE.search(s.turn.content or ""))
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


# What is said of a sum straight after it: "A payment of 125.00 is due", "a balance of 40 remains".
_STATED_AFTER = r"is|was|will|has|remains?|outstanding"
_STATED_AFTER_RE = re.compile(rf"\s+(?:{_STATED_AFTER})\b")
# A number with no currency where the sentence speaks of money: "the labour a hundred and twenty" after
# "the part is €85", "a second shooter adds 450", "Aoife paid sixteen hundred", "two-beds go for 1,700",
# "the centrepieces for eighteen hundred". In words it is at least twenty, in digits at least ten, and
# nothing counted comes after it ("paid for 30 people", "forty minutes"); never in a question.
_MONEY_NUMBER_RE = re.compile(
    rf"""(?<![\w.,:/#£$€¥₹+-])(?<!\d\s)(?:
        (?P<n>\d{{1,3}}(?:,\d{{3}})+|\d{{1,5}})(?P<d>\.\d\d|\.\d(?!\d))?
      | (?i:(?P<spelled>(?:\b(?:a|an)\s+(?=hundred|thousand))?\b{_NUMBER_WORD}
          (?:(?:\s+and\s+|[\s-]+){_NUMBER_WORD})*))
    )(?![\w,]\d|\.\d|[\w%$€£:/-]|\s\d)  # not one group of a phone's digits ("+33 1 40 17 26 85")
    (?=\s*(?:$|[.;!?)]|,(?!\d)|(?i:plus|all\s+in|for|a|an|per|each|on|this|today|tomorrow|and|or|to|once|if|up\s+front
        |upfront|off|by|then|so|with|before|after|it|in\s+(?:cash|total|all)|total|altogether|instead|more|extra|cash|but
        |towards?
        |all\s+up|odd|due|{_STATED_AFTER}
        |from\s+(?:my\s+|the\s+|our\s+)?(?:checking|chequing|savings|current|joint|business)
        |yesterday|tonight|now|last|next|later|earlier|these|one|back)\b))""",
    re.X,
)
# Just before it: a word of money, or a verb that prices what the sentence's other amount is said of.
_PRICED_BEFORE_RE = re.compile(
    r"\b(?:is|are|was|adds?|plus|another|extra|be|costs?|charges?|comes\s+to|labou?r"
    # "$30 for one , the other 45": not the count a verb acts on ("they'll print the other 20")
    r"|(?:(?:^|[,;]|\band|\bplus|\bis|\bwas)\s*)the\s+other"
    r"|(?:the|\w+'s|my|your|his|her|their|our)\s+(?:last|remaining)|the\s+rest\s+of)\s+$",
    re.I,
)
_NOT_MONEY_BEFORE_RE = re.compile(
    r"\b(?:at|by|from|till|until|after|before|around|about|between|and|to|number|no|ref|reference|invoice|order"
    r"|account|flight|room|unit|flat|platform|gate|seat|table|bus|route|line|extension|ext|code|pin|year|page"
    r"|step|level|floor|apartment|suite|house|the|of|over|under|than|every|in|on|for\s+the|top|first|last)\s+$",
    re.I,
)
# Money sent or asked for: "pay the babysitter too, eighty from checking", "send Theo forty", "so
# ninety-five in all" after "a $15 tip".
_PAID_TO_BEFORE_RE = re.compile(
    r"\b(?:pay|send|transfer|request|lend|give|owe|venmo|zelle)\s+(?:him|her|them|(?-i:[A-Z][a-z]+)|the\s+[a-z]+|my\s+[a-z]+)"
    r"(?:\s+(?:too|back|also))?\s*,?\s+$",
    re.I,
)
_SENT_BEFORE_RE = re.compile(r"\b(?:pay|send|transfer|wire|lend|give)\s+$", re.I)
_MOVED_BEFORE_RE = re.compile(
    r"\b(?:pay|send|transfer|wire|move|put|deposit)\s+(?:another\s+|an\s+extra\s+)?$", re.I
)
_TO_ACCOUNT_RE = re.compile(  # "to savings", "toward the Visa"
    r"\s+(?:to|towards?|on)\s+(?:my\s+|the\s+|our\s+)?(?:checking|chequing|savings|current|joint|business|brokerage"
    r"|visa|mastercard|amex|(?:credit\s+)?card|loan|mortgage)\b",
    re.I,
)
_ACCOUNT_AFTER_RE = re.compile(
    r"\s+from\s+(?:my\s+|the\s+|our\s+)?(?:checking|chequing|savings|current|joint|business)\b", re.I
)
_ADDED_BEFORE_RE = re.compile(r"\b(?:add|plus)\s+(?:another|an\s+extra)\s+$", re.I)
_IN_ALL_AFTER_RE = re.compile(r"\s+(?:in\s+(?:all|total)|altogether|all\s+in|all\s+up)\b", re.I)
_REST_OF_SUM_RE = re.compile(r"\b(?:the|\w+'s|my|your|his|her|their|our)\s+(?:last|remaining)\s+$", re.I)
_WORD_BEFORE_RE = re.compile(r"\b(?:for|around|about|wants?|wanted)\s+$", re.I)
# A sum to pay or a price asked, where money was said: "Pay the 230 now.", "I listed it for 700".
_PAY_THE_BEFORE_RE = re.compile(
    r"\b(?:(?:pay|send|transfer)\s+the|list(?:ed|ing)?\s+(?:it\s+|them\s+)?(?:for|at))\s+$", re.I
)
_SUM_OF_BEFORE_RE = re.compile(
    r"\b(?:payment|fee|deposit|balance|charge|refund|bill|invoice|rent|fine|credit|transfer)\s+of\s+$", re.I
)
_MONTH_BEFORE_RE = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?\s+(?:\d{1,2}(?:st|nd|rd|th)?,?\s+)?$",
    re.I,
)


def _money_numbers(s: _Sentence, ends: list[int]) -> list[ExtractedFact]:
    """Numbers said with no currency in a sentence about money (see _MONEY_NUMBER_RE). A question
    states none but a limit or an offer said in it ("Anything for under 1800?")."""
    question = s.question
    if not _MONEY_NUMBER_RE.search(s.text):
        return []
    currency = _CURRENCY_AMOUNT_RE.search(s.text) or _DECIMAL_COMMA_RE.search(s.text)
    previous = s.recent[-2] if len(s.recent) >= 2 else ""
    asked = is_question(previous) and re.search(r"\b(?:budget|how\s+much|price|cost)\b", previous, re.I)
    earlier = " ".join(s.recent[:-1])
    recent_money = bool(_CURRENCY_AMOUNT_RE.search(earlier))
    # an amount with its currency in the turn just before: "add another twenty, so 65 in total" after "$45"
    said_before = bool(_CURRENCY_AMOUNT_RE.search(previous))
    out, ends = [], list(ends)
    for m in _MONEY_NUMBER_RE.finditer(s.text):
        if m["spelled"]:
            number = _spelled_number(m["spelled"]) or _with_cents(m["spelled"])
            if number is None or number < 20 or re.search(r"(?i)\ban?\s+$", m["spelled"]):
                continue
        else:
            number = Decimal(m["n"].replace(",", "") + (m["d"] or ""))
            # "plus the 5 for the other one" after "$5 per item": a small sum only said again after "the"
            small = number < 10 and not (
                re.search(r"\bthe\s+$", s.text[: m.start()], re.I)
                and _said_with_currency(m["n"], m["d"], earlier)
            )
            if small or (len(m["n"]) == 4 and m["n"][:2] in ("19", "20") and not m["d"]):
                continue  # "in 2027" is a year
        before = s.text[max(0, m.start() - 40) : m.start()]
        if _STATED_AFTER_RE.match(s.text, m.end()) and not _SUM_OF_BEFORE_RE.search(before):
            continue  # only "A payment of 125.00 is due Friday." says a sum before what is done with it
        if _MONTH_BEFORE_RE.search(before) or _BOUGHT_FOR_RE.search(before):
            continue  # "May 20", "by May 13, 2027"; "$979.20 for 144" counts what the sum buys
        near = s.text[max(0, m.start() - 25) : m.start()]
        money = _MONEY_WORDS_RE.search(near) or (_PRICED_BEFORE_RE.search(before) and (currency or ends))
        # "the last fifty", "Aoife's last fifty" of a sum whose currency was said earlier in the conversation
        money = money or (s.money_said and _REST_OF_SUM_RE.search(before) and number >= 20)
        big = number >= 100 and (m["spelled"] or "," in (m["n"] or ""))
        money = money or (
            big
            and _WORD_BEFORE_RE.search(before)
            and (currency or asked or ends or recent_money or s.money_said)
        )
        money = money or (big and asked and m.start() < 40)
        from_account = _ACCOUNT_AFTER_RE.match(s.text, m.end())  # "pay the 93.40 from checking"
        money = money or from_account
        money = money or (_PAID_TO_BEFORE_RE.search(before) and not re.match(r"\s+to\b", s.text[m.end() :]))
        # "Send 300 to Mateo": the number straight after the verb, before "to" and whom; "Move 2,000 to
        # savings": before an account
        money = money or (
            _SENT_BEFORE_RE.search(before) and re.match(r"\s+to\s+(?-i:[A-Z][a-z]+)\b", s.text[m.end() :])
        )
        money = money or (_MOVED_BEFORE_RE.search(before) and _TO_ACCOUNT_RE.match(s.text, m.end()))
        # a price passed on in thousands where money was said: "Tell him 23,800 and I'll sign tomorrow."
        big_said = s.money_said and "," in (m["n"] or "")
        money = money or (big_said and re.search(r"\b(?:tell|offer)\s+(?:him|her|them)\s+$", before, re.I))
        money = money or (
            (currency or ends or said_before)
            and _IN_ALL_AFTER_RE.match(s.text, m.end())
            and not re.search(r"\b(?:be|are|were)\s+$", before, re.I)  # "we'll be 30 in total" counts people
        )
        money = money or (said_before and _ADDED_BEFORE_RE.search(before))
        # "Then 1,750 it is." after "€1,750" a turn or two before: the amount said again
        money = money or (
            m["n"] and "," in m["n"] and re.search(rf"[£$€¥₹]\s?{re.escape(m['n'])}(?![\d,])", earlier)
        )
        paid_the = from_account and re.search(r"\b(?:pay|send|transfer|move)\s+the\s+$", before, re.I)
        paid_the = paid_the or (s.money_said and number >= 20 and _PAY_THE_BEFORE_RE.search(before))
        money = money or paid_the
        # "pay the 650", "The 35 one." after "$650", "€35": an amount of the turns before said again
        again = re.search(r"\bthe\s+$", before, re.I) and _said_with_currency(m["n"], m["d"], earlier)
        # a limit, a bid or an offer in a conversation about money: "Offer 165.", "under 1,200 a month?"
        per_unit = re.match(rf"\s+(?:an?|per)\s+{_PER_UNIT}", s.text[m.end() :])
        limit = _LIMIT_BEFORE_RE.search(before) and (s.money_said or per_unit) and number >= 100
        # "I still want the 51.90 back": a sum to get back, in a conversation that has said money
        got_back = _GOT_BACK_BEFORE_RE.search(before) and _BACK_AFTER_RE.match(s.text, m.end())
        limit = limit or (s.money_said and got_back)
        per = per_unit and s.money_said and number >= 20
        # "for 3 of us thats 360" after "R120 a head": the total of the sum said just before
        per = per or (said_before and number >= 20 and _TOTAL_BEFORE_RE.search(before))
        # "half of the stick, 344.50": pounds and pence that no clock can be, where money was said
        per = per or (s.money_said and m["d"] and len(m["d"]) == 3 and number >= 25)
        # "make it 5,500": a sum in thousands offered where money was said; "It's 3,850." said alone
        per = per or (s.money_said and big and re.search(r"\bmake\s+it\s+$", before, re.I))
        per = per or (
            s.money_said
            and big
            and re.search(r"(?:^|[.!]\s+)\W*(?:it's|it\s+is|that's|that\s+is)\s+$", before, re.I)
            and re.match(r"\s*(?:[.!]|$)", s.text[m.end() :])
            and _MONEY_WORDS_RE.search(f"{previous} {s.turn.content[: s.offset]}")  # "Pay the late one now."
        )
        # "165 all up" where money was said: a total, as Australians and New Zealanders say it
        per = per or (
            s.money_said
            and number >= 20
            and re.match(r"\s+all\s+up\b", s.text[m.end() :], re.I)
            and not re.search(r"\b(?:be|are|were|is)\s+$", before, re.I)  # "we'll be 25 all up" counts people
        )
        # "extra 180 odd?" where money was said: a rough sum, not a count ("20 odd people")
        per = per or (
            s.money_said
            and number >= 10
            and re.match(
                r"[\s-]odd\b(?!\s+(?:people|guests|years?|days?|weeks?|months?|hours?|minutes?|times?|kids)\b)",
                s.text[m.end() :],
                re.I,
            )
        )
        # "they said 200?" after "a £250 deposit": a sum offered back in a short question
        echo = question and said_before and len(s.text.split()) <= 4 and not m["spelled"]
        echo = echo and not re.match(
            r"\W*(?:what|which|when|where|who|why|how|is|are|was|were|do|does|did)\b", s.text, re.I
        )
        if question and not (limit or per or echo):
            continue
        per = per or echo
        money = money or again or limit or per
        paid_the = paid_the or again or limit or per
        # "about 380 plus parts", "Labour is 240 plus VAT": a sum with the costs that come on top of it
        plus_costs = number >= 10 and _PLUS_COSTS_AFTER_RE.match(s.text, m.end())
        money, paid_the = money or plus_costs, paid_the or plus_costs
        if not money or (
            _NOT_MONEY_BEFORE_RE.search(before)
            and not big
            and not _PRICED_BEFORE_RE.search(before)
            and not paid_the
            and not _SUM_OF_BEFORE_RE.search(before)  # "A payment of 125.00 is due Friday."
        ):
            continue
        ends.append(m.end())
        key = _nearest_key(s.text, m.start(), m.end(), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, *m.span(), f"{Decimal(number):.2f}"))
    return out


# "$979.20 for 144", "$6.85 a shirt for 400": the number after the price counts what it buys.
_PLUS_COSTS_AFTER_RE = re.compile(
    r"\s+plus\s+(?:the\s+)?(?:parts|labou?r|tax|vat|gst|hst|shipping|postage|delivery|fees?|tips?|materials)\b",
    re.I,
)
_BOUGHT_FOR_RE = re.compile(r"[£$€¥₹]\s?\d[\d,]*(?:\.\d\d)?\s+(?:(?:an?|per|each)\s+[a-z]+\s+)?for\s+$", re.I)


# A limit, a bid or an offer said before a number: "Offer 165.", "Work caps it at 240.", "up to 175",
# "Anything for under 1800?"; in a conversation that has said an amount with its currency.
_LIMIT_BEFORE_RE = re.compile(
    r"\b(?:offer|bid|counter|caps?\s+(?:it\s+|them\s+)?at|capped\s+at|up\s+to|under|below|over"
    r"|less\s+than|more\s+than|at\s+most|budget\s+(?:is|of)|max(?:imum)?\s+(?:is|of)"
    r"|meet\s+(?:(?:them|him|her|the\s+seller)\s+)?at|counter(?:ing)?\s+at)\s+$",
    re.I,
)
# The words that give a total of prices said just before: "for 3 of us thats 360", "so 36.80 for the two of
# you", "that 's 116", "that comes to 88", "making 54".
_TOTAL_BEFORE_RE = re.compile(
    r"\b(?:that\s*'?s|thats|(?:that|which)\s+is|that\s+comes\s+to|makes|making|so)\s*$", re.I
)
_GOT_BACK_BEFORE_RE = re.compile(r"\b(?:want|get|got|getting|need|claim(?:ing)?)\s+the\s+$", re.I)
_BACK_AFTER_RE = re.compile(r"\s+back\b", re.I)


def _said_with_currency(n: str | None, d: str | None, earlier: str) -> bool:
    """Was this number said with its currency in the turns before ("$650", "€51.90", "285 pounds")?"""
    if not n:
        return False
    number = re.escape(n + (d or ""))
    return bool(
        re.search(rf"(?:[£$€¥₹]|\b(?:{_CODES})\s?){number}(?!\d|[.,]\d)", earlier)
        or re.search(rf"\b{number}\s?(?:{_CURRENCY_WORD})\b", earlier)
    )


# A question for a price ("how much is the entrance ?", "and the fare ?") and the whole answer to it, a
# price with no currency: "3.50 .", "it 's 12.40 ."; not "3.50 ?" nor "it is 3.50 miles".
_ASKS_PRICE_RE = re.compile(
    r"\b(?:how\s+much|prices?|costs?|fees?|fares?|entrance|admission|entry|charges?|rates|wages?)\b[^?]*\?\s*$",
    re.I,
)
_PRICE_ANSWER_RE = re.compile(
    r"\s*(?:(?:it|that)\s*(?:is|'s|will\s+be)\s+)?(?P<bare>\d{1,4}\.\d\d)\s*[.!]?\s*"
)


# In the answer to a question for a price, prices listed for whom with no currency: "adults 4.80 , children
# 2.90 .", "4.80 for adults and 2.90 for kids ."
_WHOM = (
    r"(?:adults?|child(?:ren)?|kids?|students?|seniors?|juniors?|concessions?|members?|infants?|famil(?:y|ies)|groups?"
    r"|pensioners?|young\s+(?:person|people)|(?:under|over)[\s-]?\d{1,2}s)"
)
_WHOM_BEFORE_RE = re.compile(rf"(?:^|,|\band|\bor)\s*(?:for\s+)?{_WHOM}\s*:?\s*$", re.I)
_WHOM_AFTER_RE = re.compile(rf"\s+(?:for|per)\s+(?:the\s+|an?\s+)?{_WHOM}\b", re.I)


def _price_answer(s: _Sentence, m: re.Match) -> bool:
    previous = s.recent[-2] if len(s.recent) >= 2 else ""
    if not _ASKS_PRICE_RE.search(previous):
        return False
    if _WHOM_BEFORE_RE.search(s.text, 0, m.start("bare")) or _WHOM_AFTER_RE.match(s.text, m.end("bare")):
        return not s.question
    whole = _PRICE_ANSWER_RE.fullmatch(s.turn.content or "")
    return bool(whole and s.offset + m.start("bare") == whole.start("bare"))


# Pounds and pence said in words as a price is said aloud: "it is three eighty each way" (3.80), "two fifty
# for adults and one twenty for kids". The same words are a clock after "at" ("leaves at three forty") and
# 380 in talk of hundreds, so only as the answer to a question for a price, or straight after a word that
# prices, and only under ten pounds: "twelve fifty" for a bill may be 12.50 or 1,250, so it is none.
_SPOKEN_PRICE_RE = re.compile(
    r"""(?<![\w-])(?P<pounds>one|two|three|four|five|six|seven|eight|nine)
    \s+(?P<tens>twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)
    (?:[\s-](?P<units>one|two|three|four|five|six|seven|eight|nine))?(?![\w-])
    (?!\s+(?:pm|am|p\.m\.|a\.m\.|o'clock|hours?|hrs|minutes?|mins|seconds?|metres?|meters?|miles?|km|people|years?
        |in\s+the\s+(?:morning|afternoon|evening)|tonight|tomorrow|today|pounds?|quid|gbp|p\b|pence))""",
    re.X | re.I,
)
_PRICES_BEFORE_RE = re.compile(
    r"\b(?:costs?|costing|charges?|fare\s+is|price\s+is|fee\s+is|tickets?\s+(?:are|is)|admission\s+is|entry\s+is"
    r"|entrance\s+is|comes\s+to|pay|paid|only|just)\s+$",
    re.I,
)
_NOT_A_PRICE_BEFORE_RE = re.compile(
    r"\b(?:at|by|until|till|from|around|after|before|since|about|or|and|to)\s+$", re.I
)


def _spoken_prices(s: _Sentence) -> list[ExtractedFact]:
    if s.question or not _SPOKEN_PRICE_RE.search(s.text):
        return []
    previous = s.recent[-2] if len(s.recent) >= 2 else ""
    asked = bool(_ASKS_PRICE_RE.search(previous))
    out: list[ExtractedFact] = []
    for m in _SPOKEN_PRICE_RE.finditer(s.text):
        before = s.text[max(0, m.start() - 30) : m.start()]
        # "two fifty for adults and one twenty for kids": a price listed after one already read
        listed = out and re.search(r"(?:,|\band|\bor)\s+$", before)
        answer = asked and re.fullmatch(r"\s*(?:(?:it|that)\s*(?:is|'s|will\s+be)\s+)?", s.text[: m.start()])
        if not (listed or answer or _PRICES_BEFORE_RE.search(before)) or (
            _NOT_A_PRICE_BEFORE_RE.search(before) and not listed
        ):
            continue
        pence = _WORD_VALUES[m["tens"].lower()] + (_WORD_VALUES[m["units"].lower()] if m["units"] else 0)
        value = Decimal(_WORD_VALUES[m["pounds"].lower()]) + Decimal(pence) / 100
        key = _nearest_key(s.text, m.start(), m.end(), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, *m.span(), f"{value:.2f}"))
    return out


def _currency(m: re.Match) -> str:
    return _unit(m["sym"] or m["code"] or m["word"] or m["word2"])


def _unit(said: str) -> str:
    """The currency code of a sign, code or word as said ("Rs." is rupees, "R" rand, "pounds" GBP)."""
    said = said.lower().rstrip(".")
    return "INR" if said == "rs" else _CURRENCIES.get(said.rstrip("s"), "")


# Rand as South Africans write them, and thousands set apart by a space after any currency sign: "R2 450",
# "R344,50", "€1 200"; "R800" with no thousands or cents only where money is spoken of ("deposit R800",
# or an amount said earlier in the conversation), never after "the", "on", "via" or "take" (a road: "the
# R56") nor before what a size or a road names ("R16 tyres", "the R27 exit").
_SPACED_RE = re.compile(
    rf"""(?<![\w.,])(?:(?P<sym>{_SYMBOL})\s?(?P<n>\d{{1,3}}(?:\x20\d{{3}})+)(?:\.(?P<d>\d\d))?
      | (?P<rand>R)(?P<rn>\d{{1,3}}(?:\x20\d{{3}})+|\d{{1,6}})(?:(?P<sep>[.,])(?P<rd>\d\d))?)
    (?![\w-]|[.,]\d|\x20\d)""",
    re.X,
)
_NOT_RAND_BEFORE_RE = re.compile(r"\b(?:on|via|take|onto|along|off|an?|exit|junction)\s+(?:the\s+)?$", re.I)
_NOT_RAND_AFTER_RE = re.compile(
    r"\s+(?:tyres?|tires?|wheels?|rims?|exits?|roads?|route|bus|highway|motorway|junction|towards|north|south"
    r"|east|west|series|model|class|droid)\b",
    re.I,
)


def _spaced_and_rand(s: _Sentence) -> list[ExtractedFact]:
    out: list[ExtractedFact] = []
    if "R" not in s.text and not re.search(r"\d\x20\d{3}", s.text):
        return out
    for m in _SPACED_RE.finditer(s.text):
        if m["rand"]:
            if m["sep"] == ".":
                continue  # "R85.50" is read with the other signs
            plain = "\x20" not in m["rn"] and not m["sep"]
            if _NOT_RAND_BEFORE_RE.search(s.text, 0, m.start()) or _NOT_RAND_AFTER_RE.match(s.text, m.end()):
                continue
            if re.search(r"\bthe\s+$", s.text[: m.start()], re.I) and not s.money_said:
                continue  # "the R56" is a road; "so the R150 comes off" where money was said
            money = s.money_said or _MONEY_WORDS_RE.search(s.text)
            if plain and not (money or any(_RAND_SAID_RE.search(t) for t in s.recent)):
                continue
            number, decimals, unit = m["rn"], m["rd"] or "00", "ZAR"
        else:
            number, decimals, unit = m["n"], m["d"] or "00", _unit(m["sym"])
        value = Decimal(f"{number.replace(' ', '')}.{decimals}")
        key = _nearest_key(s.text, m.start(), m.end(), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, *m.span(), f"{value:.2f} {unit}".rstrip()))
    return out


_RAND_SAID_RE = re.compile(r"(?<![\w.,])R\d{1,3}(?:[\x20,]\d{3})+(?![\w-])|\b(?:rands?|ZAR)\b")


# Pounds by the notes' names: "something about a tenner", "a fiver each", "two tenners".
_NOTES = {"fiver": 5, "tenner": 10}
_NOTE_RE = re.compile(r"\b(?P<n>a|one|two|three|four|five)\s+(?P<note>fiver|tenner)s?\b", re.I)
_NOTE_COUNTS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _notes(s: _Sentence) -> list[ExtractedFact]:
    out = []
    for m in _NOTE_RE.finditer(s.text):
        value = _NOTE_COUNTS[m["n"].lower()] * _NOTES[m["note"].lower()]
        key = _nearest_key(s.text, m.start(), m.end(), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, *m.span(), f"{value:.2f} GBP"))
    return out


def _amounts(s: _Sentence) -> list[ExtractedFact]:
    out = _spaced_and_rand(s) + _notes(s)
    for m in _AMOUNT_RE.finditer(s.text):
        unit = _currency(m)
        if m["spelled"]:
            number = _spelled_number(m["spelled"])
            cents = _spelled_number(m["cents"]) if m["cents"] else 0
            if number is None or cents is None or cents >= 100:
                continue
            value = Decimal(number) + Decimal(cents) / 100
        else:
            number, decimals = m["n1"] or m["n2"] or m["n3"], m["d1"] or m["d2"] or m["d3"] or "0"
            decimals = f"{int(m['pence']):02d}" if m["pence"] else decimals
            value = Decimal(f"{number.replace(',', '')}.{decimals}")
        end = m.end()
        whole = not (m["d1"] or m["d2"] or m["d3"] or m["pence"] or m["cents"])
        if whole and (m["word"] or m["word2"]) and (after := _pence_after(s.text, end)):
            end, value = after[0], value + after[1]  # "twenty two pounds fifty", "twelve pounds 50"
        key = _nearest_key(s.text, m.start(), end, _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, m.start(), end, f"{value:.2f} {unit}".rstrip()))
        first = m["n3"] and _RANGE_START_RE.search(s.text, max(0, m.start() - 30), m.start())
        if first and (first["between"] or first["joiner"].lower() != "and"):  # "2 and 25 pounds" is no range
            out.append(s.fact("amount", key, *first.span("first"), f"{Decimal(first['first']):.2f} {unit}"))
    out += _scaled(s)
    ends = [f.span[1] - s.offset for f in out]
    for m in _BARE_PRICE_RE.finditer(s.text):
        listed = any(_LISTED_AFTER_RE.fullmatch(s.text, e, m.start()) for e in ends)
        if m.start() == m.start("bare") and not m["per"] and not listed and not _price_answer(s, m):
            continue  # "2.50" with neither a word of price before it nor "per person" after it
        key = _nearest_key(s.text, m.start("bare"), m.end("bare"), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, *m.span("bare"), m["bare"]))
        ends.append(m.end("bare"))
    taken = [f.span for f in out]
    extra = [f for f in _money_numbers(s, ends) if not any(a < f.span[1] and f.span[0] < b for a, b in taken)]
    extra += [f for f in _spoken_prices(s) if not any(a < f.span[1] and f.span[0] < b for a, b in taken)]
    return out + extra
