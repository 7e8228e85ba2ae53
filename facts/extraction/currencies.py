"""Currencies as signs, codes and words, the words that speak of money, and the key an amount is
stored under."""

from __future__ import annotations

import re

from facts.extraction.text import _words

_NUM = r"\d{1,2}(?:,\d\d)+,\d{3}|\d{1,3}(?:,\d{3})+|\d+"  # Indian grouping too: "1,20,000"
_CURRENCY_WORD = r"pounds?|quid|dollars?|bucks?|euros?|rupees?|yen|francs?|pesos?|soles|cedis?"
_CURRENCY_WORD += r"|ringgits?|dirhams?|kwachas?|taka|baht"
# "5 pound hill" is a street: a currency word before a street word is part of its name.
_STREET_WORD = r"hill|street|road|lane|close|way|row|green|walk|court|gardens|square|avenue|drive|yard|place"
# Currency signs: dollars named by their country ("C$640", "S$480"), rupees written "Rs" ("Rs 1,180",
# "Rs. 950"), Peruvian soles written "S/" ("S/ 145", "S/40"), Philippine pesos "₱" ("₱6,842.15") and Kenyan
# shillings "KSh" as Kenyans write them ("KSh 2,500", "Ksh 340", "Kshs. 85,000") and Ghanaian cedis "GH₵"
# ("GH₵1,150", "GH¢ 40", "₵85"). The Caribbean's and Pacific's dollars are named by their country the same
# way: Jamaican "J$", Trinidad and Tobago "TT$", Eastern Caribbean "EC$", Barbadian "Bds$", Belize "BZ$",
# New Taiwan "NT$", Fijian "FJ$".
# Malaysian ringgit "RM" ("RM 1,850", "RM1.2k"), dirhams "Dhs" ("Dhs 120", "Dh25"), Bangladeshi taka "Tk"
# and "৳" ("Tk 12,500", "৳850") and Zambian kwacha "K" as their countries write them: "K" only straight
# before a number written with thousands or cents, or in thousands ("K2,400", "K 1,500", "K430.75", "K31k"),
# so that a plate ("Dubai K 55817"), a school year ("K12") or a size is none; plain "K850" is read in
# kwacha.py where kwacha was said.
# A rand's "R" only straight before a number written with thousands or cents ("R24,000",
# "R89.50"), so that a road ("the R56"), a size or a droid ("R2") is none.
# Ringgit, dirhams and taka by their letters, not where a postcode begins with them ("DH1 1SL", "RM7 0AF").
_LETTER_SIGNS = (
    r"(?<!\w)(?-i:RM|Dhs?|DHS|Tk)\.?(?=\s?\d)(?!\s?(?-i:\d[\dA-Z]?\s?\d[A-Z]{2}|\d\s[A-Z]\d[A-Z])\b)"
)
_KWACHA = r"(?<!\w)(?-i:K)(?=\s?\d{1,3}(?:,\d{3})*(?:(?<=\d,\d\d\d)|\.\d\d)(?![\d.,]?\d)|\d{1,3}(?:\.\d)?k\b)"
_SYMBOL = (
    r"(?:C|CA|A|AU|NZ|US|S|HK|JA?|TT|EC|BDS|Bds|BD|BZ|NT|FJ)?\$|(?:GH[₵¢]|₵)(?=\s?\d)|[£€¥₹₦₱৳]|Rs\.?(?=\s?\d)"
    r"|(?<!/)S/(?=\s?\d)|(?-i:K(?:Sh|sh|SH)s?)\.?(?=\s?\d)|" + _LETTER_SIGNS + "|" + _KWACHA
)
_RAND = r"R(?=\d{1,3}(?:,\d{3})+(?![\d.,]\d)|\d+\.\d\d(?![\d.,]))"
# Codes of currencies beyond these are read too ("TTD 480", "AED 4,500", "ZMW 650", "BDT 3,200"); none of them
# is a word ("TRY", "MAD", "COP", "PEN" are left out: "try 20", "pen 5").
_CODES = (
    r"GBP|USD|EUR|INR|JPY|AUD|CAD|CHF|ZAR|SGD|NZD|HKD|NGN|PHP|KES|GHS|JMD|TTD|XCD|BBD|BZD|TWD|FJD"
    r"|MYR|AED|SAR|QAR|OMR|KWD|BHD|ZMW|MWK|BWP|TZS|UGX|RWF|ETB|EGP|BDT|PKR|LKR|IDR|THB|VND"
    r"|KRW|SEK|NOK|DKK|PLN|CZK|HUF|BRL|MXN"
)
_CODE_SET = frozenset(_CODES.split("|"))

# What a price is for, after "a" or "per": "14.20 a case", "3.50 per kilo".
_PER_UNIT = (
    r"(?:person|head|ticket|night|case|crate|bag|box|pack|packet|carton|bottle|tin|jar|roll|sack|kilo|kg|litre"
    r"|liter|unit|item|piece|dozen|day|week|month|year|hour|session|visit|class|lesson)s?\b"
)
_CURRENCIES = {
    "¥": "JPY",
    "₹": "INR",
    "₦": "NGN",  # naira: "₦85,000", "₦1.8m"
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
_CURRENCIES |= {
    "s$": "SGD",
    "hk$": "HKD",
    "r": "ZAR",
    "zar": "ZAR",
    "sgd": "SGD",
    "nzd": "NZD",
    "hkd": "HKD",
    "ngn": "NGN",
    "₱": "PHP",
    "php": "PHP",
    "ksh": "KES",
    "kes": "KES",
}
_CURRENCIES |= {"s/": "PEN", "sole": "PEN"}
# Ghanaian cedis: "GH₵", "GH¢", "₵", "GHS", "cedis".
_CURRENCIES |= {"gh₵": "GHS", "gh¢": "GHS", "₵": "GHS", "ghs": "GHS", "cedi": "GHS"}
# The other dollars named by their country, by sign and code: "J$12,500", "TT$300", "EC$75", "JMD 4,500".
_DOLLARS = {
    "j": "JMD",
    "ja": "JMD",
    "tt": "TTD",
    "ec": "XCD",
    "bds": "BBD",
    "bz": "BZD",
    "nt": "TWD",
    "fj": "FJD",
}
_CURRENCIES |= {f"{country}$": code for country, code in _DOLLARS.items()}
_CURRENCIES |= {code.lower(): code for code in _DOLLARS.values()}
# Barbadian dollars also as "BD$"; ringgit, dirhams, taka and kwacha by their signs and words.
_CURRENCIES |= {"bd$": "BBD", "rm": "MYR", "ringgit": "MYR"}
_CURRENCIES |= {"dh": "AED", "dhs": "AED", "dirham": "AED", "tk": "BDT", "৳": "BDT", "taka": "BDT"}
_CURRENCIES |= {"k": "ZMW", "kwacha": "ZMW", "baht": "THB"}
_AMOUNT_KEYS = (
    (_words(r"refund(?:s|ed|ing|able)?"), "refund_amount"),
    (_words(r"charg(?:e|es|ed|ing)|bill(?:ed|ing)?"), "charge_amount"),
    (re.compile(r"\bcredit(?:s|ed)?\b(?!\s+card)", re.I), "credit_amount"),
    (_words(r"prices?|priced|cost(?:s|ing)?"), "price"),
)

# A number said with its currency: "£40", "$ 12", "1,250 dollars".
_WITH_CURRENCY_WORD = (
    r"\b\d[\d,]*(?:\.\d\d)?\s?(?:gbp|usd|eur|ghs|pounds?|dollars?|euros?|bucks|quid|cedis?|ringgits?|dirhams?"
    r"|kwachas?|taka|baht)\b"
)
# rand: "R120", "R1 850", "R2,300" (not a road's "R56")
_CURRENCY_AMOUNT_RE = re.compile(
    rf"[£$€¥₹₦₱₵৳]\s?\d|\bGH¢\s?\d|\b(?:K(?:SH|sh)s?\.?|KES|PHP|GHS|{_CODES})\s?\d|{_LETTER_SIGNS}\s?\d"
    rf"|{_KWACHA}|{_WITH_CURRENCY_WORD}|(?-i:(?<![\w.,])R\d{{1,3}}(?:[\x20,]\d{{3}})*(?<=\d\d\d)(?![\w-]))",
    re.I,
)
_MONEY_WORDS_RE = re.compile(
    r"\b(?:deposit|price[ds]?|costs?|costing|paid|pay|paying|payment|sold|sells?|selling|bought|buy|worth|value[ds]?"
    r"|valued|appraised|budget|salary|rent|balance|loan|mortgage|quote[ds]?|fee|fees|bill|invoice|owe[ds]?"
    r"|refund|charge[ds]?|spend|spent|raise[ds]?|offer(?:ed)?|asking|total|savings?|transfer(?:red)?|fund(?:s|ing)?"
    r"|grant|bonus|income|earn(?:s|ed)?|invest(?:ed|ment)?|afford|go(?:es|ne)?\s+for|went\s+for)\b"
    rf"|[£$€¥₹₦₱₵৳]|\bK(?:SH|sh)s?\.?(?=\s?\d)|{_LETTER_SIGNS}|{_KWACHA}"
    rf"|\b(?:{_CODES})(?=\s?\d)|{_WITH_CURRENCY_WORD}",
    re.I,
)


def _unit(said: str) -> str:
    """The currency code of a sign, code or word as said ("Rs." is rupees, "R" rand, "pounds" GBP)."""
    said = said.lower().rstrip(".")
    if said == "rs":
        return "INR"
    if said.upper() in _CODE_SET:
        return _CURRENCIES.get(said) or said.upper()
    return _CURRENCIES.get(said) or _CURRENCIES.get(said.rstrip("s"), "")
