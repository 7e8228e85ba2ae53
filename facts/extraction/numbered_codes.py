"""Codes named by the scheme they belong to, codes in groups and codes said in pairs.

- A code of capitals and digits, three digits at least, after a name and "number": "his Medicare number
  is 1EG4-TE5-MK72", "provider number 2417883B"; not "room number 12B". A prescription's number with its
  check digits or without them after "Rx": "Rx number is 6102487-03", "Rx 6102487-03", "Rx number is 5530912".
- Digits alone or in a phone's groups after the name of a scheme of people's numbers: "His NHS number is
  485 777 3456", "passport number 533380006", "Medicare number 2951 47623 1", "aadhaar 2345 6789 0123".
- A British National Insurance number by its shape in capitals, in any case after the words that name it:
  "JT 48 19 26 B", "ni number jt481926b". An IBAN in any case after "IBAN", and by its shape alone where
  its country's length and check digits hold: "DE89 3704 0044 0532 0130 00"; a parcel's "RO9011468681" is
  no IBAN.
- Three groups or more of capitals and digits joined by dashes, two of them mixing letters and digits,
  said anywhere: "It's 1EG4-TE5-MK72."; not "COVID-19" nor "A-1-B".
- Two codes after a plural word that names them: "The trip numbers are SV771204 and SV771205", "your
  references are QX-1102, QX-1103 and QX-1104".
- Capitals, a year and a number between slashes: "Linen House is LH/2027/0592"; not a date ("12/05/2027").
- A bank's BSB in a sentence that names one, and the account number said straight after it: "Their BSB
  and account are on the invoice, 063-182 10447719."; a British sort code and the account's eight digits
  after it: "the account is 20-45-77 31829904".
- An account's digits in dash groups after the capitals of its bank: "her account is BNP 194-2281933-0-27".
- A purchase order's number: "PO number 5582-C", "the purchase order is 77310"; never a "PO Box".
- A long code of capitals and digits said anywhere, as parcels are tracked and accounts paid into: "Royal
  Mail JX0012345678GB"; twelve characters or more, a letter and eight digits among them.
"""

from __future__ import annotations

import re

from stdnum import iban

from facts.extraction.text import _Sentence
from memadmin.providers.base import ExtractedFact

# capitals and digits, a letter and three digits at least, in dash groups: "1EG4-TE5-MK72", "PX90213"
_CODE = r"(?=[A-Z0-9-]*[A-Z])(?=(?:[A-Z-]*\d){3})[A-Z0-9]{2,}(?:-[A-Z0-9]{2,}){0,4}"
_NAMED_NUMBER_RE = re.compile(
    rf"\b(?P<name>[A-Za-z]{{2,}})\s+number(?:\s+(?:is|was))?\s*:?\s*(?P<id>{_CODE})(?![\w-]|[.,]\d)"
)
# names whose codes contacts.py reads with their own key ("ticket number RD88213" is a ticket's)
_NAMED_ELSEWHERE_RE = re.compile(
    r"order|case|ticket|account|invoice|reference|tracking|booking|confirmation|reservation|claim|policy"
    r"|member(?:ship)?|customer|receipt|serial|voucher|parcel|licen[cs]e|flight|train|bus|coach|phone",
    re.I,
)
# digits alone, or in groups as a phone's are, after the name of a scheme of people's numbers: "His NHS
# number is 485 777 3456", "passport number 533380006"
_SCHEME_DIGITS_RE = re.compile(
    r"\b(?:(?:NHS|passport|Medicare|social\s+security|national\s+insurance|tax\s+file|health\s+card)\s+number"
    r"|aadhaa?r(?:\s+(?:number|no\.?))?)"
    # groups as the schemes write them, a Medicare card's one-digit position after them: "2951 47623 1"
    r"(?:\s+(?:is|was))?\s*:?\s*(?P<id>\d{3,5}(?:\s\d{3,5}){1,3}(?:\s\d(?!\s?\d))?|\d{6,12})(?![\w-]|[.,]\d)",
    re.I,
)
# A business's tax number after the name of its tax, as owners give it: "vat no is GB 318 4427 06", "VAT
# number IE 3318842KH", "gst no 118-442-907", "Your EIN, 93-4418207", "BN 84215 7736 RT0001"; digits in groups
# as a phone's are, seven at least, with a country's letters before and a check's letters after. Not a rate
# ("VAT 20%") or a sum ("VAT 1,284.60").
_TAX_NUMBER_RE = re.compile(
    r"\b(?:VAT|GST|HST|IRD|EIN|ABN|UTR|BN|tax)(?:\s+reg(?:istration|istered)?)?(?:\s+(?:number|no\.?|\#|id))?"
    r"(?:\s+(?:is|was))?\s*[:,]?\s*"
    r"(?P<id>(?:[A-Z]{2}\s?)?\d{2,9}(?:[\s-]\d{2,7}){0,3}(?:[A-Z]{1,2}|\s[A-Z]{2}\d{4})?)(?![\w-]|[.,]\d)",
    re.I,
)
# A stand, booth, pitch or stall at a fair or a market by its letters and digits: "stand F17", "pitch
# number HM-22", "booth B-214"; not a count ("stand 4 hours") or a word ("pitch in").
_STAND_RE = re.compile(
    r"\b(?i:stand|booth|pitch|stall)(?:\s+(?i:number|no\.?|\#))?\s+(?P<id>[A-Z]{1,3}-?\d{1,4}|\d{1,4}[A-Z])(?![\w-])"
)


# A British National Insurance number ("QQ 12 34 56 C", "JT481926B") in capitals anywhere, in any case after
# the words that name it ("my ni number is jt 48 19 26 b"); an IBAN ("GB29 NWBK 6016 1331 9268 19") in
# capitals where it is one (its country's length and check digits), in any case after "iban".
_NINO = r"[A-Z]{2}\s?\d\d\s?\d\d\s?\d\d\s?[A-D]"
_NINO_RE = re.compile(rf"(?<![\w-])(?:{_NINO})(?![\w-])")


def _named(words: str, code: str) -> re.Pattern:
    """A code after the words that name it, in any case: "ni number is jt 48 19 26 b", "iban : ie64 ..."."""
    return re.compile(
        rf"\b(?:{words})(?:\s+(?:number|no\.?))?(?:\s+(?:is|was))?\s*:?\s*(?P<id>{code})(?![\w-])", re.I
    )


_NINO_NAMED_RE = _named(r"national\s+insurance|ni|nino", _NINO)
_IBAN = r"[A-Z]{2}\d\d(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,3})?"
_IBAN_RE = re.compile(rf"(?<![\w-])(?:{_IBAN})(?![\w-])")
_IBAN_NAMED_RE = _named("iban", _IBAN)
# The same digits given in the turn after the other side named the scheme's number, in the NHS number's
# groups: "bring her nhs number if you have it ." "i have it on my phone , 485 777 3456 ." (no phone).
_SCHEME_NAMED_RE = re.compile(r"\b(?:NHS|Medicare|national\s+insurance)\s+number\b", re.I)
_SCHEME_GROUPS_RE = re.compile(r"(?<![\w.,:+-])\d{3}\s\d{3}\s\d{4}(?![\w-]|[.,]\d|\s\d)")
_RX_NUMBER_RE = re.compile(
    r"(?<![\w-])Rx(?:\s+(?:number|no\.?))?(?:\s+(?:is|was))?\s*[:#]?\s*(?P<id>\d{5,10}(?:-\d{1,4})?)(?![\w-]|[.,]\d)",
    re.I,
)
_GROUPED_CODE_RE = re.compile(r"(?<![\w/#.-])[A-Z0-9]{2,5}(?:-[A-Z0-9]{2,5}){2,4}(?![\w-]|[.,]\d)")
_MIXED_GROUP_RE = re.compile(r"(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]+")
# a word that names codes, in the plural, then the codes: "the trip numbers are SV771204 and SV771205"
_PLURAL_NAMED_RE = re.compile(
    r"\b(?:numbers|references|refs|codes|ids|IDs)\s+(?:are|were)\s*:?\s*"
    r"(?P<codes>(?:[A-Za-z0-9-]+\s*,\s*)*[A-Za-z0-9-]+,?\s+and\s+[A-Za-z0-9-]+)(?![\w-])"
)
_PLURAL_CODE_RE = re.compile(
    r"(?=[A-Za-z-]*\d)(?=(?:[A-Za-z-]*\d){4}|[\d-]{5,})[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*"
)
_YEAR_SLASHED_RE = re.compile(r"(?<![\w/.-])[A-Z]{2,4}/(?:19|20)\d\d/\d{3,6}(?![\w/-])")
_BSB_RE = re.compile(r"\bBSB\b")
_SORT_CODE_ACCOUNT_RE = re.compile(
    r"(?<![\w./:-])(?P<sort>\d\d-\d\d-\d\d)\s*,?\s+(?:(?:account|acct)\s+(?:number\s+|no\.?\s+)?(?:is\s+)?)?"
    r"(?P<account>\d{8})(?![\w-]|[.,]\d)",
    re.I,
)
_BANK_ACCOUNT_RE = re.compile(
    r"\baccount(?:\s+(?:number|no\.?))?(?:\s+(?:is|was))?\s*:?\s*(?-i:[A-Z]{2,5})\s+"
    r"(?P<id>\d{2,}(?:-\d{1,10}){2,5})(?![\w-]|[.,]\d)",
    re.I,
)
_PURCHASE_ORDER_RE = re.compile(
    r"\b(?:(?-i:PO)|p\.o\.|purchase\s+order)(?!\s*box\b)(?:\s+(?:number|no\.?|\#))?(?:\s+(?:is|was))?\s*[:#]?\s*"
    r"(?P<id>(?=[\w-]*\d)[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){2,20})(?![\w-]|[.,]\d)",
    re.I,
)
_LONG_CAPITALS_CODE_RE = re.compile(
    r"(?<![\w/#.@-])(?=[A-Z0-9]*[A-Z])(?=(?:[A-Z]*\d){8})[A-Z0-9]{12,40}(?![\w@-])"
)
# A parcel's number of the postal union's shape, two capitals, nine digits and the country's two capitals,
# typed in groups as a receipt prints it ("KF 5521 8830 4GB", "RR 123 456 785 GB"), in talk of a parcel.
_SPACED_POST_CODE_RE = re.compile(
    r"(?<![\w/#.@-])[A-Z]{2}\s?(?:\d{4}\s\d{4}\s\d|\d{3}\s\d{3}\s\d{3})\s?[A-Z]{2}(?![\w@-])"
)
_PARCEL_TALK_RE = re.compile(r"\b(?:track\w*|parcels?|post|courier|deliver\w*|ship\w*|sent|send)\b", re.I)
_BSB_NUMBER_RE = re.compile(r"(?<![\w-])(?P<bsb>\d{3}-\d{3})(?:\s+(?P<account>\d{6,10}))?(?![\w-]|[.,]\d)")


def numbered_codes(s: _Sentence) -> list[ExtractedFact]:
    """The codes of the forms above, with the key of what names them."""
    out = [
        s.fact("identifier", "reference", *m.span("id"), m["id"])
        for m in _NAMED_NUMBER_RE.finditer(s.text)
        if not _NAMED_ELSEWHERE_RE.fullmatch(m["name"])
    ]
    out += [
        s.fact("identifier", "reference", *m.span("id"), m["id"].replace(" ", ""))
        for m in _SCHEME_DIGITS_RE.finditer(s.text)
    ]
    out += [
        s.fact("identifier", "reference", *m.span("id"), m["id"])
        for m in _TAX_NUMBER_RE.finditer(s.text)
        if len(re.sub(r"\D", "", m["id"])) >= 7
    ]
    out += [s.fact("identifier", "reference", *m.span("id"), m["id"]) for m in _STAND_RE.finditer(s.text)]
    for key, shaped, named in (
        ("national_insurance", _NINO_RE, _NINO_NAMED_RE),
        ("iban", _IBAN_RE, _IBAN_NAMED_RE),
    ):
        for m in [] if s.question else [*shaped.finditer(s.text), *named.finditer(s.text)]:  # not asked back
            group = "id" if m.re is named else 0
            if key == "iban" and group == 0 and not iban.is_valid(m.group()):
                continue  # capitals and digits of an IBAN's shape that are none: a parcel's "RO9011468681"
            out.append(s.fact("identifier", key, *m.span(group), re.sub(r"\s", "", m.group(group)).upper()))
    previous = s.previous
    if _SCHEME_NAMED_RE.search(previous) and not s.question and not out:
        out += [
            s.fact("identifier", "reference", *m.span(), m.group().replace(" ", ""))
            for m in _SCHEME_GROUPS_RE.finditer(s.text)
        ]
    out += [
        s.fact("identifier", "prescription_id", *m.span("id"), m["id"])
        for m in _RX_NUMBER_RE.finditer(s.text)
    ]
    for m in _GROUPED_CODE_RE.finditer(s.text):
        if len(_MIXED_GROUP_RE.findall(m.group())) >= 2 and all(
            _MIXED_GROUP_RE.fullmatch(g) or g.isalpha() or g.isdigit() for g in m.group().split("-")
        ):
            out.append(s.fact("identifier", "reference", *m.span(), m.group()))
    for m in _PLURAL_NAMED_RE.finditer(s.text):
        codes = list(re.finditer(r"[A-Za-z0-9-]+", m["codes"]))
        codes = [c for c in codes if c.group().lower() != "and"]
        if len(codes) >= 2 and all(_PLURAL_CODE_RE.fullmatch(c.group()) for c in codes):
            start = m.start("codes")
            out += [
                s.fact("identifier", "reference", start + c.start(), start + c.end(), c.group().upper())
                for c in codes
            ]
    out += [
        s.fact("identifier", "reference", *m.span(), m.group()) for m in _YEAR_SLASHED_RE.finditer(s.text)
    ]
    if _BSB_RE.search(s.text):
        for m in _BSB_NUMBER_RE.finditer(s.text):
            out.append(s.fact("identifier", "reference", *m.span("bsb"), m["bsb"]))
            if m["account"]:
                out.append(s.fact("identifier", "account_id", *m.span("account"), m["account"]))
    return out + _bank_and_order_codes(s)


def _bank_and_order_codes(s: _Sentence) -> list[ExtractedFact]:
    """A sort code and its account, an account after its bank's capitals, a purchase order's number and a long
    code of capitals and digits; never in a question."""
    if s.question:
        return []
    out = []
    for m in _SORT_CODE_ACCOUNT_RE.finditer(s.text):
        out.append(s.fact("identifier", "reference", *m.span("sort"), m["sort"]))
        out.append(s.fact("identifier", "account_id", *m.span("account"), m["account"]))
    out += [
        s.fact("identifier", "account_id", *m.span("id"), m["id"]) for m in _BANK_ACCOUNT_RE.finditer(s.text)
    ]
    out += [
        s.fact("identifier", "order_id", *m.span("id"), m["id"].upper())
        for m in _PURCHASE_ORDER_RE.finditer(s.text)
    ]
    sent = _PARCEL_TALK_RE.search(f"{s.previous} {s.text}")  # a parcel's tracking number
    out += [
        s.fact("identifier", "tracking_number" if sent else "reference", *m.span(), m.group())
        for m in _LONG_CAPITALS_CODE_RE.finditer(s.text)
    ]
    if sent:
        out += [
            s.fact("identifier", "tracking_number", *m.span(), m.group())
            for m in _SPACED_POST_CODE_RE.finditer(s.text)
        ]
    return out
