"""Numbers said with no currency in a sentence about money: "a second shooter adds 450", "Offer 165.",
"pay the babysitter too, eighty from checking"."""

from __future__ import annotations

import re
from decimal import Decimal

from facts.extraction.bare_hours import _REQUEST_QUESTION_RE
from facts.extraction.currencies import (
    _AMOUNT_KEYS,
    _CODES,
    _CURRENCY_AMOUNT_RE,
    _CURRENCY_WORD,
    _MONEY_WORDS_RE,
    _PER_UNIT,
)
from facts.extraction.number_words import _NUMBER_WORD, _spelled_number, _with_cents
from facts.extraction.scaled_amounts import _DECIMAL_COMMA_RE
from facts.extraction.text import _nearest_key, _Sentence, is_question
from memadmin.providers.base import ExtractedFact

# What is said of a sum straight after it: "A payment of 125.00 is due", "a balance of 40 remains".
_STATED_AFTER = r"is|was|will|has|remains?|outstanding"
_STATED_AFTER_RE = re.compile(rf"\s+(?:{_STATED_AFTER})\b")
# A number with no currency where the sentence speaks of money: "the labour a hundred and twenty" after
# "the part is €85", "a second shooter adds 450", "Aoife paid sixteen hundred", "two-beds go for 1,700",
# "the centrepieces for eighteen hundred". In words it is at least twenty, in digits at least ten, and
# nothing counted comes after it ("paid for 30 people", "forty minutes"); never in a question.
_MONEY_NUMBER_RE = re.compile(
    rf"""(?<![\w.,:/#£$€¥₹₦₱+-])(?<!\d\s)(?<!\bhalf\s)(?:
        (?i:(?P<spelled>(?:\b(?:a|an)\s+(?=hundred|thousand)
          |(?:\d{{1,3}}|\b{_NUMBER_WORD})\s+and\s+a\s+half\s+(?=hundred|thousand))?\b{_NUMBER_WORD}
          (?:(?:\s+and\s+|[\s-]+){_NUMBER_WORD})*))
      # grouped in lakhs too: "1,25,000"
      | (?P<n>\d{{1,2}}(?:,\d\d)+,\d{{3}}|\d{{1,3}}(?:,\d{{3}})+|\d{{1,5}})(?P<d>\.\d\d|\.\d(?!\d))?
    )(?![\w,]\d|\.\d|[\w%$€£:/-]|\s\d)  # not one group of a phone's digits ("+33 1 40 17 26 85")
    (?=\s*(?:$|[.;!?)]|,(?!\d)|(?i:plus|all\s+in|for|a|an|per|each|on|this|today|tomorrow|and|or|to|once|if|up\s+front
        |upfront|off|by|then|so|with|before|after|it|in\s+(?:cash|total|all)|total|altogether|instead|more|extra|cash|but
        |towards?
        |all\s+up|odd|due|{_STATED_AFTER}
        |from\s+(?:my\s+|the\s+|our\s+)?(?:checking|chequing|savings|current|joint|business)
        |from\s+(?:him|her|them|(?-i:[A-Z][a-z]+)\b)|into
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
_REST_COUNTED_BEFORE_RE = re.compile(r"\bthe\s+(?:other|rest|remaining|next|first|last|final)\s*,?\s+$", re.I)
_SENT_BEFORE_RE = re.compile(r"\b(?:pay|send|transfer|wire|lend|give)\s+$", re.I)
_MOVED_BEFORE_RE = re.compile(
    r"\b(?:pay|send|transfer|wire|move|put|deposit)\s+(?:another\s+|an\s+extra\s+)?$", re.I
)
_TO_ACCOUNT_RE = re.compile(  # "to savings", "into checking", "toward the Visa"
    r"\s+(?:to|into|towards?|on)\s+(?:my\s+|the\s+|our\s+)?(?:checking|chequing|savings|current|joint|business|brokerage"
    r"|visa|mastercard|amex|(?:credit\s+)?card|loan|mortgage)\b",
    re.I,
)
_ACCOUNT_AFTER_RE = re.compile(
    r"\s+from\s+(?:my\s+|the\s+|our\s+)?(?:checking|chequing|savings|current|joint|business)\b", re.I
)
# A sum asked of someone: "Request 39.25 from her.", "Can you request 80 from Ana?", "ask him for 60".
_ASKED_OF_BEFORE_RE = re.compile(r"\b(?:request|ask\s+(?:him|her|them|(?-i:[A-Z][a-z]+))\s+for)\s+$", re.I)
_ASKED_OF_AFTER_RE = re.compile(r"\s+from\s+(?:him|her|them|(?-i:[A-Z][a-z]+))\b|\s*(?:[.!?]|$)", re.I)
_ADDED_BEFORE_RE = re.compile(r"\b(?:add|plus)\s+(?:another|an\s+extra)\s+$", re.I)
_IN_ALL_AFTER_RE = re.compile(r"\s+(?:in\s+(?:all|total)|altogether|all\s+in|all\s+up)\b", re.I)
_REST_OF_SUM_RE = re.compile(r"\b(?:the|\w+'s|my|your|his|her|their|our)\s+(?:last|remaining)\s+$", re.I)
_WORD_BEFORE_RE = re.compile(r"\b(?:for|around|about|wants?|wanted)\s+$", re.I)
# A second price said as the first was, after "or", "and" or "but", a guess allowed before it: "mr price has
# one for 399, or the outdoor place in claremont for like 650", "the red one goes for 45 and the blue for 60".
_ANOTHER_FOR_RE = re.compile(
    r"\bfor\s+(?:[£$€¥₹₦₱]\s?)?(?P<first>(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d\d)?)\s*,?\s+(?:or|and|but)\b[^.;!?]{0,60}?"
    r"\bfor\s+(?:(?:like|about|around|roughly|maybe|only|just)\s+)?$",
    re.I,
)
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
    previous = s.previous
    asked = is_question(previous) and re.search(r"\b(?:budget|how\s+much|price|cost)\b", previous, re.I)
    earlier = s.earlier
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
        money = money or (
            _PAID_TO_BEFORE_RE.search(before)
            and not re.match(r"\s+to\b", s.text[m.end() :])
            # "send the other 12": the rest of what is counted, unless the talk is of money
            and not (_REST_COUNTED_BEFORE_RE.search(before) and not (currency or s.money_said))
        )
        # "Send 300 to Mateo": the number straight after the verb, before "to" and whom; "Move 2,000 to
        # savings": before an account
        money = money or (
            _SENT_BEFORE_RE.search(before) and re.match(r"\s+to\s+(?-i:[A-Z][a-z]+)\b", s.text[m.end() :])
        )
        money = money or (_MOVED_BEFORE_RE.search(before) and _TO_ACCOUNT_RE.match(s.text, m.end()))
        asked_of = (
            (s.money_said or currency or m["d"])
            and _ASKED_OF_BEFORE_RE.search(before)
            and _ASKED_OF_AFTER_RE.match(s.text, m.end())
            and (not question or _REQUEST_QUESTION_RE.match(s.text))  # "Can you request 71.75 from her?"
        )
        money = money or asked_of
        # a price passed on in thousands where money was said: "Tell him 23,800 and I'll sign tomorrow."
        big_said = s.money_said and "," in (m["n"] or "")
        money = money or (big_said and re.search(r"\b(?:tell|offer)\s+(?:him|her|them)\s+$", before, re.I))
        money = money or (
            (currency or ends or said_before)
            and _IN_ALL_AFTER_RE.match(s.text, m.end())
            and not re.search(r"\b(?:be|are|were)\s+$", before, re.I)  # "we'll be 30 in total" counts people
        )
        money = money or (said_before and _ADDED_BEFORE_RE.search(before))
        another = _ANOTHER_FOR_RE.search(s.text, max(0, m.start() - 120), m.start())
        another = another and another.end("first") in ends and number >= 10
        # "Then 1,750 it is." after "€1,750" a turn or two before: the amount said again
        money = money or (
            m["n"] and "," in m["n"] and re.search(rf"[£$€¥₹₦₱]\s?{re.escape(m['n'])}(?![\d,])", earlier)
        )
        paid_the = from_account and re.search(r"\b(?:pay|send|transfer|move)\s+the\s+$", before, re.I)
        paid_the = paid_the or (s.money_said and number >= 20 and _PAY_THE_BEFORE_RE.search(before))
        paid_the = paid_the or another
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
        if question and not (limit or per or echo or asked_of):
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
_BOUGHT_FOR_RE = re.compile(
    r"[£$€¥₹₦₱]\s?\d[\d,]*(?:\.\d\d)?\s+(?:(?:an?|per|each)\s+[a-z]+\s+)?for\s+$", re.I
)


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
        re.search(rf"(?:[£$€¥₹₦₱]|\b(?:{_CODES})\s?){number}(?!\d|[.,]\d)", earlier)
        or re.search(rf"\b{number}\s?(?:{_CURRENCY_WORD})\b", earlier)
    )
