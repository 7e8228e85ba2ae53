"""Reading a turn: instruction attempts, sentences, clauses, and the nearest keyword."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from memadmin.providers.base import ExtractedFact, TurnText


def _words(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"\b(?:{pattern})\b", re.I)


# ------------------------------------------------------------------ prompt injection

_INSTRUCTION_RE = re.compile(
    r"""
    \b(?:ignore|disregard)\s+(?:all\s+|any\s+|everything\s+)?(?:of\s+)?(?:the\s+|your\s+|these\s+)?
        (?:previous|prior|above|earlier|preceding|system|original)
        (?:\s+(?:instructions?|prompts?|rules|directions|guidelines|context|messages|commands|text)\b
          |(?!\s+(?!(?:and|then|now|that)\b)[a-z]))        # "disregard the above address" is a customer
  | \b(?:forget|override|bypass)\s+(?:all\s+|any\s+|your\s+|the\s+|previous\s+|prior\s+)*
        (?:instructions?|rules|guidelines|prompts?|guardrails|programming)\b
  | \bsystem\s+(?:prompt|message|instructions?)\b | \b(?:new|updated|real)\s+instructions?\s*:
  | \byou\s+are\s+now\s+(?:a|an|in|acting|my|free|unrestricted|DAN|no\s+longer)\b
  | \bdeveloper\s+mode\b | \bjailbr[eo]a?k | \bpretend\s+(?:to\s+be|you|that)\b
  | \bpin\s+(?:it|this|that|these|the\s+(?:fact|value|amount|following))\b
  | (?<!'ve\s)(?<!have\s)(?<!I\s)(?<!we\s)(?<!been\s)
    \bset\s+(?:the\s+|my\s+|a\s+)?(?:refund|amount|credit|balance|compensation|price|charge|fact|value|deadline)
        (?:\s+amount)?\s+(?:to|=|at|as)\b
  | \bupdate\s+(?:your|the)\s+(?:memory|memories|pinned|facts?|context)\b
  | \b(?:store|save|write|put|record)\s+(?:this|that|it)\s+(?:in|into|to)\s+(?:your\s+|the\s+)?memory\b
  | \bremember\s+that\s+(?:the\s+|my\s+|our\s+)?(?:refund|amount|credit|compensation|price|charge|balance)\b
  | ^\W*(?:system|developer)\s*: | <\s*/?\s*(?:system|instructions?)\s*>
    """,
    re.I | re.X,
)
# "The refund is £5,000. Pin it." taints the sentence that "it" points back to.
_BACKREF_RE = re.compile(
    r"^\W*(?:and\s+)?(?:pin|remember|save|store|record|memori[sz]e)\s+(?:it|this|that)\b", re.I
)
# Rules match ASCII punctuation; this one-to-one swap keeps every offset, so values are still
# sliced from the original text with its curly quotes and dashes.
_PLAIN = str.maketrans(
    {"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-"}
)


def is_instruction_attempt(sentence: str) -> bool:
    """True when the sentence tries to instruct the assistant or its memory rather than state a fact.

    Text in a turn is data, never a command to the extractor; such a sentence yields no fact at all.
    """
    return _INSTRUCTION_RE.search(sentence.translate(_PLAIN)) is not None


# ------------------------------------------------------------------ sentences and clauses

_SENTENCE_END_RE = re.compile(r"[.!?]+[\"')\]]*(?=\s)|\n+")
_ABBREVIATION_RE = re.compile(
    r"(?:\b(?:st|str|rd|ave?|dr|mrs?|ms|no|nr|apt|ste|bldg|tel|ext|ref|vs|approx|e\.g|i\.e|etc|[ap]\.m|jan|feb|mar|apr|ju[nl]|aug"
    r"|sept?|oct|nov|dec|mon|tues?|wed|thu(?:rs)?|fri"  # "Dec. 3", "Wed. Dec. 3"
    # rupees: "Rs. 950"; shillings: "Kshs. 85,000"; "P.O. Box 88"; "Jr. Ayacucho 214"; "Brgy. Pinyahan"
    r"|rs|kshs?|p\.o|jr|sr|brgy|blk|psje|avda)"
    r"|\d\s+[ns]?[ew]|\d\s+[ns])$",  # "1234 N. 1st St.": a direction after a house number
    re.I,
)
# "reference no . ha91kd3x": in tokenised text "no ." after an id's name is "No.", not a sentence end.
_NUMBER_ABBREVIATION_RE = re.compile(
    r"(?:\b(?:ref(?:erence)?|booking|confirmation|reservation|order|ticket|account|train|flight|phone|tel)\s+no"
    r"|\bext|,\s?no)\s$",  # a phone's extension: "01632 960 775 ext . 22"; "mill lane , no . 4"
    re.I,
)
# "11 st . aldwyn street": in tokenised text "st ." before a name and its street word is "Saint".
_SAINT_BEFORE_RE = re.compile(r"(?:^|\s)st\s$", re.I)
_SAINT_AFTER_RE = re.compile(
    r"\s+[a-z][a-z'-]*(?:\s+(?:'s|[a-z][a-z'-]*)){0,3}\s+(?:street|road|lane|avenue|way|square|close|row|walk"
    r"|passage|hill|gate|yard)\b",
    re.I,
)
_CLAUSE_BREAK_RE = re.compile(
    r";\s*|:\s+|\s-\s+|,\s*(?:but|and|so|although|though|whereas)\s+|\s+but\s+|\(|\)", re.I
)
_LEADING_RE = re.compile(
    r"^(?:(?:and|but|so|also|oh|ok(?:ay)?|right|sure|great|perfect|thanks|thank\s+you|cheers|btw|by\s+the\s+way"
    r"|one\s+more\s+thing|one\s+request|hi|hello|hey|morning|quick\s+one)\b[\s,!:-]*"
    r"|(?:yes|yeah|yep|no|nope|nah|wait|well)\s*[,!]\s*)+",  # "No, make it for two": not "No calls"
    re.I,
)
_TRAILING = " \t\n.,;:!?-"
_NEXT_WORD_RE = re.compile(r"\s*(\S?)")
# A question written in lower case after a full stop still opens a sentence of its own: "that clashes with
# a work thing at 11. can they do 9?"; not "10 a.m. tomorrow" nor "the shop on mill st. can be busy".
_LOWER_QUESTION_RE = re.compile(
    r"\s+(?:(?:can|could|would|will|shall|should|do|does|did|is|are)\s+(?:i|we|you|they|he|she|it|u)\b"
    r"|(?:what|when|where|how|why)\b(?!\s*[.,;!]))[^.!?]*\?"
)


def _sentences(text: str) -> list[tuple[int, int]]:
    """[start, end) of each sentence; abbreviations and lower-case continuations ("10 a.m. tomorrow",
    "12 Baker St. London") do not end one, but a mark written apart from its word always does
    (tokenised text: "the postcode is cb21ab . the phone is ...")."""
    spans, start = [], 0
    for m in _SENTENCE_END_RE.finditer(text):
        if not m.group().startswith("\n"):
            abbreviation = m.group()[0] == "." and _ABBREVIATION_RE.search(
                text, max(0, m.start() - 8), m.start()
            )
            spaced = m.start() > 0 and text[m.start() - 1].isspace()  # tokenised text: "cb21ab . the"
            number_no = _NUMBER_ABBREVIATION_RE.search(text, max(0, m.start() - 30), m.start())
            if number_no and m.group() == "." and _NEXT_WORD_RE.match(text, m.end())[1].isdigit():
                continue  # "reference no . 00000045", "train no . 4471": the number follows
            spaced = spaced and not number_no
            spaced = spaced and not (
                m.group() == "."
                and _SAINT_BEFORE_RE.search(text, max(0, m.start() - 4), m.start())
                and _SAINT_AFTER_RE.match(text, m.end())
            )
            asks = m.group() == "." and not abbreviation and _LOWER_QUESTION_RE.match(text, m.end())
            if not spaced and not asks and (abbreviation or _NEXT_WORD_RE.match(text, m.end())[1].islower()):
                continue
        spans.append((start, m.end()))
        start = m.end()
    spans.append((start, len(text)))
    return [
        (s + len(c) - len(c.lstrip()), e - len(c) + len(c.rstrip()))
        for s, e in spans
        if (c := text[s:e]).strip()
    ]


def _sentence_at(plain: str, pos: int) -> str:
    return next((plain[a:b] for a, b in _sentences(plain) if a <= pos < b), "")


def _clause(text: str, start: int, end: int, *, from_trigger: bool) -> tuple[int, int]:
    """The clause around [start, end): from the last clause break before it (or from the trigger
    itself, keeping a leading "if ..." condition) to the first break after it."""
    left, right = 0, len(text)
    for m in _CLAUSE_BREAK_RE.finditer(text):
        if m.end() <= start:
            left = m.end()
        elif m.start() >= end:
            right = m.start()
            break
    condition = re.match(r"\s*(?:if|once|when|as\s+soon\s+as|provided|unless)\b", text[left:start], re.I)
    if from_trigger and not condition:
        left = start
    if (lead := _LEADING_RE.match(text, left)) and lead.end() <= start:
        left = lead.end()
    while right > left and text[right - 1] in _TRAILING:
        right -= 1
    return left, right


# The rules ask this of the same sentence about twenty times a turn, and the search for a question typed
# without its mark costs more than the rest of the answer: each sentence's answer is kept.
@lru_cache(maxsize=4096)
def is_question(text: str) -> bool:
    """Does this sentence or turn ask (end in a question mark)? A value in a question is never stated
    by it unless a rule says why (a question that proposes the value, "Is it at Main and 3rd?"). A question
    typed without its mark asks too: "ok whats the total for 60", its last clause led by what or how much."""
    text = text.rstrip()
    return text.endswith("?") or bool(_ASKS_VALUE_UNMARKED_RE.search(text))


# The last clause of a line typed with no end mark, led by a word that asks for a value.
_ASKS_VALUE_UNMARKED_RE = re.compile(
    r"(?:^|[,;]\s*|\b(?:ok|okay|so|and|then)\s+)(?:whats|what's|what\s+is|how\s+much|how\s+many)\s+(?:the|it|that|this)\b"
    r"[^.!?,;]*[\w)]$",
    re.I,
)


@dataclass(frozen=True)
class _Sentence:
    """One sentence of one turn: the unit every rule reads, so a rejected sentence costs nothing else."""

    turn: TurnText
    text: str  # plain punctuation, for matching
    raw: str  # as said, for values
    offset: int
    service: str = ""  # "train", "flight" or "bus" when the conversation so far is about one
    asked: frozenset[str] = frozenset()  # what the other side's last turn asked for: "time", "postcode"
    meal: str = ""  # "evening" or "lunch" when the turns just before speak of a meal out or the evening
    date_order: str = ""  # "mdy" where the conversation writes dates month first ("11/20/2026"), else ""
    recent: tuple[str, ...] = ()  # this turn and the two before it, read only where a rule needs them
    money_said: bool = False  # an amount with its currency was said earlier in the conversation
    sitting: int = 0  # how many of the turns before it in ``recent`` were said in the same sitting as it
    recent_at: tuple[datetime, ...] = ()  # when each of ``recent`` was said
    currencies_said: frozenset[str] = frozenset()  # the codes of the currencies said earlier ("ZMW")

    @property
    def previous(self) -> str:
        """The turn before this sentence's turn ("" for the first)."""
        return self.recent[-2] if len(self.recent) >= 2 else ""

    @property
    def earlier(self) -> str:
        """The turns before this sentence's turn, joined ("" for the first)."""
        return " ".join(self.recent[:-1])

    @property
    def said_before(self) -> str:
        """The turns before this sentence and its own turn up to it, joined."""
        return f"{self.earlier} {self.recent[-1][: self.offset]}" if self.recent else ""

    @property
    def question(self) -> bool:
        """Does this sentence ask (see is_question)?"""
        return is_question(self.text)

    def fact(
        self, type_: str, key: str, start: int, end: int, normalised: str = "", **extra
    ) -> ExtractedFact:
        span = (self.offset + start, self.offset + end)
        return ExtractedFact(type_, key, self.raw[start:end], self.turn.seq, span, normalised, **extra)


_VENUE_RE = _words(
    r"hotels?|guest\s?houses?|hostels?|b\s?&\s?b|restaurants?|caf[eé]s?|pubs?|bars?|museums?|galler(?:y|ies)|shops?|stores?"
    r"|theat(?:re|er)s?|cinemas?|attractions?|venues?|clinics?|surger(?:y|ies)|salons?|gyms?|pharmac(?:y|ies)|banks?"
    r"|chemists?|dentists?|physios?"
    r"|librar(?:y|ies)|colleges?|churche?s?|park|stations?|offices?|branch(?:es)?|warehouses?|depots?|places?"
)


def venue_talked_of(recent: list[str]) -> bool:
    """Do these turns speak of a place one goes to?"""
    return any(_VENUE_RE.search(text) for text in recent)


def _nearest_key(text: str, start: int, end: int, table, default: str, reach: int = 60) -> str:
    """The key of the keyword nearest to [start, end); a word before the value counts a little
    more than one after it ("refund £10" and "£10 refund" both say refund)."""
    best: tuple[int, str] | None = None
    for pattern, key in table:
        for m in pattern.finditer(text):
            distance = start - m.end() if m.end() <= start else m.start() - end + 8 if m.start() >= end else 0
            if distance <= reach and (best is None or distance < best[0]):
                best = (distance, key)
    return best[1] if best else default


_PLACE_RE = _words(
    r"their|its|they're|located|situated|the\s+(?:restaurant|hotel|salon|venue|shop|store|clinic|theat(?:re|er)"
    r"|museum|property|house|apartment|dentist|doctor|stylist|place|event|stadium|attraction|pharmacy|branch"
    r"|cinema|gym|studio|garage|dealership|agency|airport|station)"
)
_ADDRESSEE_RE = _words(r"your|you're|you|yours")


def _about_a_place(s: _Sentence) -> bool:
    """Is an address or phone in this sentence a place's ("their number is ...", "the hotel is at
    ...") rather than the person's own? An assistant naming one without "you"/"your" means a place."""
    if _PLACE_RE.search(s.text):
        return True
    return s.turn.role == "assistant" and not _ADDRESSEE_RE.search(s.text)  # "i have three : ..." is a list


# A question of the other side that asks for a value: its answer may say the value with no word for it
# ("what time would you like to leave ?" "after 1930 ."; "postcode ?" "xx1 4kt .").
_ASKS_FOR = (
    (
        "time",
        _words(
            r"(?:what|which|another|other|different|earlier|later|better|preferred)\s+(?:(?:day|date)\s+and\s+)?"
            r"(?:time|hour)|when\s+(?:would|do|will|should|did)\s+(?:you|they|she|he|we)"
            r"(?:\s+(?:like|want|need|hope|plan))?(?:\s+to)?\s+(?:leave|arrive|depart|travel|go|be\s+there|get\s+there)"
            # "When does the ferry go?", "when's the band on?": when a ride or an event goes
            r"|when(?:\s+(?:does|do|is|are|will)|'s)\s+(?:the|our|my|your|their)\s+\w+(?:\s+\w+)?"
            r"\s+(?:go|leave|depart|sail|arrive|land|get\s+in|start|begin|on|kick\s+off)(?=\s*(?:tonight|today|tomorrow)?\s*\?)"
            # "could it be after ten ?", "anything earlier than 7 ?": a question that names the hour it wants
            r"|(?:be|do|make\s+it|come|anything|something|slot|time)\s+(?:\w+\s+)?(?:after|before|earlier\s+than|later\s+than)"
            r"\s+(?:1[0-2]|[1-9]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon)"
        ),
    ),
    ("postcode", _words(r"post\s?codes?|postal\s+codes?|zip(?:\s?codes?)?")),
    # "when is it open ?", "what are your opening hours?": the days of the answer are the days a place keeps
    (
        "hours",
        _words(
            r"when(?:\s+(?:is|are|does|do)|'s)\s+(?:\w+\s+){0,4}?(?:open|closed?)|opening\s+(?:hours|times)"
            # "are you open on sundays ?", "and you 're open on bank holidays ?": whether a place keeps a day
            r"|(?:(?:are|is)\s+(?:\w+\s+){1,3}?|\w+\s*(?:'\s*re|'\s*s|\s+are|\s+is)\s+)(?:still\s+)?open"
            r"(?=\s+(?:on|at|over|during|in|every|this|next|tomorrow|today)\b[^?]*\?|\s*\?)"
            r"|(?:what|which)\s+(?:days|hours)\s+(?:is|are|does|do)\s+(?:\w+\s+){0,4}?open"
            r"|(?:what|which)(?:\s+are|'re)\s+(?:its|their|the|your)\s+(?:opening\s+)?hours"
            # "and your hours on saturday ?", "and the pool hours ?", "hours the same ?": a place's hours
            r"|(?<!\w\s)(?<!\w)(?:(?:and|so|ok|okay|then)\s*,?\s+)?(?:(?:your|their|its|the)\s+(?:[a-z-]+\s+){0,2}?)?hours"
            r"(?=\s+(?:on|at|over|during|in|for|this|next|the\s+same|again|then|today|tomorrow)\b[^?]*\?|\s*\?)"
        ),
    ),
    (
        "identifier",
        _words(
            r"(?:account|booking|order|policy|claim|customer|member(?:ship)?|confirmation|ticket|invoice|case|tracking"
            r"|reservation|reference|ref|frequent\s+flyer|loyalty|licen[cs]e|passport|serial|registration|certificate|student"
            r"|employee|library\s+card|(?-i:[A-Z]{2,5}))"  # "your NHI number"
            r"\s+(?:number|no|code|id|reference)|(?:booking|reservation)\s+reference|imei|iccid"
            # "and the reference ?", "and your tenancy reference ?"
            r"|(?:the|my|our|your)\s+(?:[a-z]+\s+)?ref(?:erence)?(?=\s*(?:again\s*)?\?)"
            # "what 's the old booking ?", "and your reservation ?": the code a booking is kept under
            r"|(?:the|my|our|your)\s+(?:(?:old|new|first|other|last|original)\s+)?(?:booking|reservation)(?=\s*\?)"
            # "and the delay number ?"; not a phone's, a room's or a house's
            r"|the\s+(?!(?:phone|mobile|contact|fax|telephone|tel|room|house|flat|door|bus|platform)\s)[a-z]+\s+number(?=\s*\?)"
            # "what's the confirmation on that?", "and your confirmation?"
            r"|confirmation\s+(?:on|for)\s+(?:that|this|it)\b|(?:the|my|our|your)\s+confirmation(?=\s*\?)"
            # "what's the code for the box?", "what's the door code?"
            r"|(?:what|which)(?:'s|\s+is)\s+the\s+(?:(?:door|gate|box|key\s*box|lock|alarm|entry)\s+)?code\b"
            # "Did they send the gate code?"
            r"|(?:door|gate|key\s*box|lock\s*box|alarm|entry|access)\s+(?:code|pin)\b"
            # "do we need a code for the gate ?", "is there a code to get in ?"
            r"|\b(?:code|pin)s?\s+(?:for|to|on)\s+(?:the\s+)?(?:[a-z]+\s+)?(?:door|gate|key\s*box|lock\s*box|safe|block|get\s+in)\b"
        ),
    ),
    (
        "address",
        _words(
            r"add?ress?(?:es)?|whereabouts|(?:what|which)\s+street|(?:what|which)\s+number\s+is\s+it\s+on|where(?:\s+|(?='s))(?:exactly\s+)?(?:is|are|'s)"
            r"\s+(?:it|they|that|this|the(?:\s+[a-z]+){1,3})(?=(?:\s+exactly)?\s*\?)"
        ),
    ),
)


_UNMARKED_QUESTION_RE = re.compile(r"\s*(?:where|what|which|when)(?:'?s)?\b(?:\s+[\w']+){0,5}\s*", re.I)


def asked_for(text: str) -> frozenset[str]:
    """The values a turn asks for, in the sentences of it that are questions."""
    questions = [q for q in re.split(r"(?<=[?])", text) if is_question(q)]
    if not questions and _UNMARKED_QUESTION_RE.fullmatch(text):
        questions = [text.rstrip() + " ?"]  # typed without its mark: "where's that", "whats there number"
    return frozenset(name for name, pattern in _ASKS_FOR if any(pattern.search(q) for q in questions))


# A question that asks: opened by a word that asks ("What's good near Main and 3rd?", "and where is that?"),
# or by whether there is something ("Is there parking near Main and 3rd?", "Anything good near Alder and
# 9th?"); typed without its mark, a word that asks then a verb ("where is the junction of mill road and hope
# street") or a short one ("whats there number"). A yes/no question about a thing proposes a value and so
# states it ("Is it at Main and 3rd?"), and a sentence that opens with a word that asks and goes on as a
# statement is one ("Where we meet is the corner of Elm Street and Oak Road.", "Which is at 12 Dale Road.").
_OPEN_QUESTION_RE = re.compile(
    r"^\W*(?:(?:and|so)\s+)?(?:(?:what|where|which|how|when|who)\b[^?]*\?"
    r"|(?:(?:is|are)\s+there|(?:is\s+)?(?:anything|anywhere|something|any))\b[^?]*\?"
    r"|(?:what|where|how|when|who)(?:'s|\s+(?:is|are|was|were|do|does|did|can|could|would|will|should))\b)",
    re.I,
)


def open_question(sentence: str) -> bool:
    """Does the sentence ask, rather than propose a value or state one (see _OPEN_QUESTION_RE)?"""
    return bool(_OPEN_QUESTION_RE.search(sentence) or _UNMARKED_QUESTION_RE.fullmatch(sentence))
