"""Dates and times, as said and resolved against the turn's date."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from facts.extraction.calendar_words import _ABBR, _ABBR_WORD, _MONTH, _WEEKDAY, _WEEKDAYS
from facts.extraction.chosen_days import chosen_by_day, offered_weekday
from facts.extraction.date_arithmetic import (
    _add_months,
    _add_working_days,
    _day_of_month,
    _month_end,
    _nearest_year,
    _safe_date,
    _second_day,
    _week_end,
    _weekday_date,
)
from facts.extraction.date_order import _numeric_date
from facts.extraction.date_ranges import (
    _MAY_BE_RANGE_RE,
    _SECOND_BARE_DAY_RE,
    _SECOND_DAY_RE,
    _day_range_firsts,
    _range_firsts,
    listed_bare_days,
)
from facts.extraction.event_days import counted_from_event, month_of_a_move
from facts.extraction.number_words import _WORD_VALUES, _words_between
from facts.extraction.text import _nearest_key, _Sentence, _words, is_question
from facts.extraction.times import _time_key
from facts.extraction.turned_down import turned_down
from facts.extraction.weekdays import (
    _FUTURE_RE,
    _HABIT_RE,
    _HABITUAL_RE,
    _KEPT_HOURS_RE,
    _PAID_WEEKLY_RE,
    _PAIRED_AFTER_RE,
    _PAIRED_BEFORE_RE,
    _PAST_RE,
    _RANGE_THEN_ON_RE,
    BARE_HOURS_RE,
    _abbreviated_day,
    _keeps_hours,
    known_day_asked,
    limit_kept_weekly,
    repeats_at_a_clock,
    short_day_kept,
)
from memadmin.providers.base import ExtractedFact

# Fewer on purpose: the counts said of days, weeks and months ahead ("ten days", "fourteen days").
_NUMBER_WORDS = {"a": 1, "an": 1} | _words_between(1, 10)
_NUMBER_WORDS |= {word: _WORD_VALUES[word] for word in ("twelve", "fourteen", "twenty", "thirty")}
_NUMBER = r"\d{1,3}|(?:a\s+)?couple\s+of|" + "|".join(_NUMBER_WORDS)
# A weekday before a date, shortened only with its comma or full stop ("Sat, Aug 3"; not "we sat 3 june")
_DAY_PREFIX = rf"(?:(?:(?:next|this|coming)\s+)?(?:{_WEEKDAY},?|{_ABBR_WORD}(?:\.,?|,)?)\s+(?:the\s+)?)?"
_YEAR = r"(?:,?\s+(?P<y>(?:19|20)\d\d)(?!\d))?"
# A day of the month in words ("the tenth", "the twenty-first"); not "the first", "second" or "third",
# which count more often than they date.
_ORDINAL_DAYS = {"fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}
_ORDINAL_DAYS |= {"eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15}
_ORDINAL_DAYS |= {"sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20}
_ORDINAL_DAYS |= {f"twenty-{w}": 20 + d for w, d in (("first", 1), ("second", 2), ("third", 3))}
_ORDINAL_DAYS |= {f"twenty-{w}": 20 + d for w, d in _ORDINAL_DAYS.items() if d < 10}
_ORDINAL_DAYS |= {"thirtieth": 30, "thirty-first": 31}
# "tomorrow" as texted or mistyped ("tmrw", "tomorow", "tommorow"), and in Swahili as Kenyans type it
# ("kesho").
_TOMORROW_TYPED = r"tmrw|tmrow|tmr|2moro|2morrow|tomorow|tommorow|tommorrow|kesho"
_ORDINAL_WORD = "|".join(sorted((w.replace("-", "[\\s-]") for w in _ORDINAL_DAYS), key=len, reverse=True))
# What may follow a day of the month said alone: "the 10th.", "the tenth at noon", "the 9th to Paris", and
# how the day went or suits ("the 18th went fine", "the 4th suits us").
_AFTER_DAY = (
    r"(?=\s*(?:[.,;:!?)]|$|(?:to|at|for|and|or|but|instead|please|then|if|as|from|until|would|will|works|is|so"
    r"|went(?!\s+to\b)|worked|(?:suits?|suited)(?=\s+(?:me|us|you|them|him|her|all|every\w+|best|better|fine))"
    # "said the 31st by 6 pm", "pick up the 22nd around 5", "the 17th by noon"
    r"|between|(?:by|around|about)(?=\s+(?:\d|noon|midday|midnight)))\b))"
)
# What an ordinal counts when it is no day of a month: "the 3rd time", "the 2nd floor".
_NOT_A_DAY_NOUN = (
    r"(?:times?|attempts?|floors?|call|person|one|item|day|week|month|year|century|place|row|grade)\b"
)
# An ordinal listed with others before such a word: "the 3rd or the 4th time", "the 2nd or 3rd floor".
_NOT_LISTED_WITH_NOUN = (
    r"(?!(?:\s*(?:,|or|and|to|-|/)\s*(?:the\s+)?"
    rf"(?:[0-3]?\d(?:st|nd|rd|th)|{_ORDINAL_WORD}))+\s+{_NOT_A_DAY_NOUN})"
)
# A count before a day and its month: "3 or 4 June tickets" (a range, "from 3 to 4 June", names days).
_COUNTED_MONTH_RE = re.compile(r"(?<![\w/.:-])\d{1,3}\s+or\s+$", re.I)
# One alternative per form; the group that matched names the form.
_DATE_RE = re.compile(
    rf"""
    # (after a day's ordinal and a dash too: the "24th april" of "23rd-24th april")
    (?P<dmy>(?:(?<=st-)|(?<=nd-)|(?<=rd-)|(?<=th-)|(?<![\w/.:-])){_DAY_PREFIX}(?:(?<![\w])the\s+)?(?P<d>[0-3]?\d)(?P<ord>st|nd|rd|th)?\s+(?:of\s+)?(?P<m>{_MONTH})
        (?(ord)|(?!\s+(?:the\s+)?[0-3]?\d(?:st|nd|rd|th)\b)){_YEAR})  # "3 March 10th" is March 10th
  | (?P<mdy>(?<![\w/.:-]){_DAY_PREFIX}(?P<m2>{_MONTH})\s+(?:the\s+)?(?P<d2>[0-3]?\d)(?P<ord2>st|nd|rd|th)?
        (?!\d|[:.]\d){_YEAR.replace("<y>", "<y2>")})  # "May 1: 200 cupcakes", not "June 3:30"
  | (?P<numeric>(?<![\w/.:-])(?P<a>[0-3]?\d)(?P<sep>[/.-])(?P<b>[0-3]?\d)(?P=sep)(?P<y3>(?:19|20)\d\d|\d\d)
        (?![\w/-]|[.:]\d))
  | (?P<iso>(?<![\w/.-])(?P<y4>(?:19|20)\d\d)-(?P<m4>[01]\d)-(?P<d4>[0-3]\d)(?!\.\d)(?=T\d|[^\w/-]|$))
  | (?P<relmonth>(?<![\w/.-])(?:the\s+)?
        (?:(?P<d6>[0-3]?\d)(?:st|nd|rd|th)|(?P<w6>{_ORDINAL_WORD}|first|second|third))\s+of\s+
        (?P<rm>this|next|last|the(?:\s+(?:next|following))?)\s+month)\b
  # "Friday, the 12th", "next Friday the 12th"; with a comma "next Friday, the 12th" is two
  | \b(?P<wdord>(?:(?:next|this|coming)\s+(?:{_WEEKDAY}|{_ABBR})|(?:{_WEEKDAY}|{_ABBR}),?)
        \s+(?:the\s+)?(?P<d8>[0-3]?\d)(?:st|nd|rd|th))\b
        (?!\s+(?:of\s+)?{_MONTH}|\s+of\b)
  | ^\s*(?P<ordinal3>the\s+(?:(?P<d9>[0-3]?\d)(?:st|nd|rd|th)|(?P<w9>{_ORDINAL_WORD})))\b
        (?!\s+(?:of\s+)?{_MONTH}|\s+of\b)(?(w9){_AFTER_DAY})
        (?!\s+{_NOT_A_DAY_NOUN}){_NOT_LISTED_WITH_NOUN}
  # "back the 10th": the day a trip comes home on
  | \b(?:on|by|before|after|until|till|from|since|due|around|for|be|back|returning)\s+
        (?P<ordinal>the\s+(?P<d5>[0-3]?\d)(?:st|nd|rd|th))\b(?!\s+(?:of\s+)?{_MONTH}|\s+of\b(?!\s+(?:each|every)\s+month))
        (?!\s+{_NOT_A_DAY_NOUN}){_NOT_LISTED_WITH_NOUN}
  # with no "the" where a slot is chosen: "9th at quarter past 8", "15th 10.30", "28th morning" opening the
  # sentence; "back 23rd", "do 2nd" ending it. Not "4th floor", "2nd Main", "the 1st 2 weeks".
  | (?:^\s*(?=[0-3]?\d(?:st|nd|rd|th)\s+(?:at\s+)?(?:\d{{1,2}}[:.]\d\d|\d{{1,2}}\s?[ap]\.?m\b
            |quarter|half|noon|morning|afternoon|evening|night)\b)
        |\b(?:back|leav(?:e|ing)|return(?:ing)?|do|make\s+it)\s+(?=[0-3]?\d(?:st|nd|rd|th)\s*(?:[.,;!?)]|$|and\b)))
        (?P<bareord>(?P<d10>[12]?\d|3[01])(?:st|nd|rd|th))\b(?!\s+(?:of\s+)?{_MONTH}|\s+of\b)
  | (?<![\w/.-])(?P<ordinal2>the\s+(?:(?P<d7>[0-3]?\d)(?:st|nd|rd|th)|(?P<w7>{_ORDINAL_WORD})))\b
        {_AFTER_DAY}{_NOT_LISTED_WITH_NOUN}  # "for the 9th", "the 10th to Paris", "on the tenth"
  # "April fifteenth", "the twenty-first of May", "March first"
  | \b(?P<wordday>(?P<wm>{_MONTH})\s+(?:the\s+)?(?P<wo>{_ORDINAL_WORD}|first|second|third)
        |(?:the\s+)?(?P<wo2>{_ORDINAL_WORD}|first|second|third)\s+of\s+(?P<wm2>{_MONTH}))\b
  # "leaving 4/12", "back on 4/19": a month and day with a slash and no year, after a word of travel or a day
  | \b(?P<scue>on|from|until|till|thru|through|to|leav(?:e|es|ing)|return(?:s|ing)?|back|arriv(?:e|es|ing)
        |depart(?:s|ing)?|due|starting|before|after|for|by|do|make\s+it|book  # "Book it for 3/22."
        |fl(?:y|ies|ying)(?:\s+(?:out|back|home|in))?|mov(?:e|es|ing)(?:\s+(?:out|in))?|closing|expir(?:es|ing)
        |ends|ending|ended|starts|started  # "contract ends 31/05": a day first where it is over 12
        # "renews 1/7", "delivery 3/30", "start date 4/1"
        |til|renew(?:s|al|ing)?|deliver(?:y|ed|s|ing)?|(?:start|end|due|expiry)\s+date)
        \s+(?!24/7\b)(?P<slash>(?P<sa>[01]?\d|3[01]|2\d)/(?P<sb>[0-3]?\d))
        (?![\w/]|[.,:]\d|\s+(?:of|cups?|miles?|inch\w*|teaspoons?|tsp|tbsp|lbs?|kg|hours?|days?|price|off)\b)
  # "a week from Friday", "two weeks from tomorrow", "a week on Friday" as the British say it
  | \b(?P<wkfrom>(?P<wn>a|one|two|three|[1-3])\s+weeks?\s+(?:from|after|(?P<won>on))\s+
        (?:(?:this(?:\s+coming)?|coming)\s+)?(?P<wfd>{_WEEKDAY}|tomorrow))\b(?!['\u2019]s)
        # "for a week from sunday the 13th": a stay's length, then the day named with its date
        (?!\s+(?:the\s+)?[0-3]?\d(?:st|nd|rd|th)\b)
        (?(won)(?=\s*(?:[.,;:!?)]|$)))  # "due a week on Friday.", not "two weeks on Friday shifts"
  | (?P<duration>\b(?:(?P<prep>within|in)\s+(?:the\s+next\s+)?)?
        (?P<n>{_NUMBER})(?:\s*(?:-|to)\s*(?P<n2>\d{{1,3}}|{"|".join(_NUMBER_WORDS)}))?\s+
        (?P<work>(?:working|business)\s+)?(?P<unit>hours?|days?|weeks?|months?|fortnights?)(?!\s+after\s+tomorrow)
        (?:'?s?\s+time\b)?(?:\s+(?P<ago>ago|from\s+(?:now|today)))?\b)
  | \b(?P<period>(?:(?:the\s+)?end\s+of\s+(?P<which>the|this|next)|(?P<which2>this|next|last
        |(?:(?<=\bby\s)|(?<=\bbefore\s))the(?=\s+weekend\b)))\s+  # "it 'll be with you by the weekend"
        (?P<punit>week(?:end)?|month))\b
  | \b(?:by|before|until|till)\s+
        (?P<eod>(?:the\s+)?end\s+of\s+(?:the\s+)?(?:day|play)|close\s+of\s+business)\b
  | \b(?P<word>(?:the\s+|a\s+)?day\s+after\s+tomorrow
        |(?:tomorrow|{_TOMORROW_TYPED})(?:\s+(?:morning|afternoon|evening|night)(?!\s+\d))?
        |(?:later\s+)?today|tonight|yesterday
        |(?<!\bmy\s)(?<!\bour\s)(?<!\byour\s)(?<!\bthe\s)(?<!\bher\s)(?<!\bhis\s)(?<!\btheir\s)
         last\s+night  # "for my last night" is the last of a stay, not yesterday
        |this\s+(?:morning|afternoon|evening)(?!\s+\d))\b
  | \b(?P<weekday>(?:(?P<mod>next|this(?:\s+coming)?|last|coming)\s+)?(?P<wd>{_WEEKDAY})
        (?:\s+(?P<post>next|this|last)\s+week|\s+(?P<afternext>after\s+next  # "Friday week"
          |week(?![\w'\u2019-]|\s+(?:ago|later|earlier|before|after|and\s+a|or)\b)))?
        (?:\s+(?:morning|afternoon|evening|night)(?!\s+\d))?)\b
  | (?<![\w'.-])(?P<abbr>(?:(?P<amod>next|this|last|coming)\s+)?(?P<ab>{_ABBR_WORD})(?:\.(?!\w))?)(?![\w'-])
    """,
    re.I | re.X,
)
_UNIT_DAYS = {"day": 1, "week": 7, "fortnight": 14}
_DATE_FORMS = (
    "dmy",
    "mdy",
    "numeric",
    "iso",
    "relmonth",
    "wordday",
    "slash",
    "wkfrom",
    "wdord",
    "ordinal",
    "ordinal2",
    "duration",
    "period",
)
_DATE_FORMS += ("eod",)
_DATE_FORMS += ("word", "weekday", "abbr", "ordinal3", "bareord")
# Read only where the sentence has a weekday or a slash (most have neither): "Tuesdays", "Tuesday 27/10".
_DAY_DATE_RE = re.compile(
    rf"""
    (?P<wdnum>(?<![\w/.:-])(?:{_WEEKDAY}|{_ABBR_WORD}\.?),?\s+(?P<a2>[0-3]?\d)/(?P<b2>[0-3]?\d)
        (?![\w/]|[.:]\d))
  | (?<!TGI\s)\b(?P<weekly>(?:{_WEEKDAY})s)\b
    """,
    re.I | re.X,
)
_DAY_DATE_FORMS = ("wdnum", "weekly")
# "today", "this weekend" and their like name a date only where something happens then.
_EVENT_RE = _words(
    r"will|'ll|(?<=\s')ll|shall|going\s+to|need(?:s|ed)?|by|before|until|till|due|expir\w*|arriv\w*|deliver\w*|dispatch\w*"
    r"|after(?=\s+(?:1[0-2]|[1-9])(?:[:.]\d\d)?\s*(?:[ap]\.?m\b|[.,;!?]|$))"  # "Today after 5?"
    r"|ship\w*|call\w*|ring|send|sent|refund\w*|charg\w*|paid|pay|collect\w*|book\w*|schedul\w*|process\w*"
    r"|for|at|from|to|on|available|leav\w*|depart\w*|check(?:ing)?\s+(?:in|out)|stay\w*|reserv\w*|tickets?|table|appointments?|flights?"
    r"|bus|train|play\w*|start\w*|events?|remind\w*|shows?|showing|movie|visit\w*|meet\w*|rent\w*|pick\w*|return\w*|fly\w*"
    r"|want|get|seats?|[ap]\.?m|went|gone|cleared|posted|taken|concerts?|gigs?|festivals?|exhibitions?|performances?|screenings?|matches|games?"
    r"|open\s+houses?|viewings?|tours?"
    # a meal, a party or a crossing that day: "the rehearsal dinner tonight .", "our ferry is today !"
    r"|dinners?|lunch|suppers?|part(?:y|ies)|dances?|weddings?|ceremony|ferry|ferries|crossings?|sailings?|cruises?"
    # "Can I view it this week?"
    r"|view\s+(?:it|them|the\s+(?:flat|house|apartment|place|home|unit|property))"
    r"|(?:last|first|next)\s+one"  # "that was the last one tonight": a service that runs then
    # "the deposit comes off tonight", "goes through tonight", "I can do it today", "down since this morning"
    r"|releas\w*|goes\s+through|go\s+through|comes?\s+off|since|ready|do\s+it"
    r"|finish(?:es|ed|ing)?|ends|ending"  # "the works finish tonight", "the sale ends today"
    r"|free\s+(?:evening|afternoon|morning|night|day)"  # "we have a free evening in Boston tonight"
    # going home that day, and a weekday said to be that day: "my family goes home today", "sunday is today !"
    r"|(?:go|goes|going|went|head(?:s|ing)?|driv(?:e|es|ing))\s+(?:back\s+)?home"
    rf"|(?:{_WEEKDAY})\s+is(?=\s+(?:today|tonight|tomorrow)\b)"
)
# A visit or a job that day names it: "a plumber who can come today?", "She did it all today", "Today's the
# day!"; in a question only a visit ("What did you do today?" is small talk).
_VISIT_RE = _words(
    r"come|comes|coming|came|did|done|fix\w*|repair\w*|install\w*|the\s+day"
    r"|worse|better|sick|ill|unwell|sore|swollen"  # how someone is that day: "my neck is worse today"
)
_VISIT_ASKED_RE = _words(r"come|comes|coming")
# A short question that offers the day for a slot ("gp. anything today?", "Something for tonight?"), as
# "Anything on for Friday?" offers Friday; and a thing done that day ("signed the letter today").
_DAY_OFFERED_RE = re.compile(
    r"(?:^|[.!]\s+)(?:\w+\W+)?(?:anything|something|any\s+(?:slots?|times?|space|room|appointments?))"
    r"\s+(?:(?:on|for|left)\s+)?(?:today|tonight|this\s+(?:morning|afternoon|evening))\s*\?+\s*$"
    # "Roofers today?": who is coming, and the day, asked in two words
    r"|^\W*(?!(?:what|when|where|who|why|how|which|is|are|was|were|do|does|did)\b)[\w']+\s+(?:today|tonight)\s*\?+\s*$"
    # "Does the clinic have anything today?", "Have you got any openings tonight?";
    # not "Did you have anything today?"
    r"|^\W*(?!did\b)(?:\w+\W+){0,6}?(?:have|has|got)\s+(?:you\s+)?(?:anything|something|any\s+(?:slots?|times?|openings?"
    r"|appointments?|space|room))\s+(?:(?:on|for|left)\s+)?(?:today|tonight|this\s+(?:morning|afternoon|evening))\s*\?+\s*$"
    r"|\b(?:signed|filed|sent|emailed|texted|rang|phoned|posted|submitted|lodged|approved|accepted|served"
    r"|finished|started)\b",
    re.I,
)
# Someone who can take one in that day, or a request said as what is wanted then: "a dentist who can see me
# this week?", "can they fit us in today?", "Somewhere in Dallas this week.", "Something quick tonight.",
# "Yes, today please.", "yes by card, today", "Any evening this week."
_LOOKED_FOR_RE = re.compile(
    r"\b(?:can|could|to)\s+(?:(?:they|you|she|he|it)\s+)?(?:see|fit|squeeze|take)\s+(?:me|us|him|her|them|my\s+\w+)\b"
    r"|^\W*(?:(?:ok(?:ay)?|and|also|so)\W+)?(?:somewhere|someplace|something)\b(?!\s+(?:is|was|has|had|'s)\b)"
    # what a place has on the day, asked for: "What do they have this week?", "what does the spa have today?"
    r"|^\W*(?:(?:ok(?:ay)?|and|so)\W+)?what\s+(?:do|does|will|would|can)\s+(?:\w+\s+){1,3}?have\s+(?:open\s+|available\s+"
    r"|free\s+|left\s+)?(?:for\s+)?(?:today|tonight|tomorrow|this\s+(?:week(?:end)?|morning|afternoon|evening))\s*\?+\s*$"
    # a thing wanted that day, said as a request: "A massage tonight if possible.", "a trim today, please"
    r"|^\W*(?:(?:ok(?:ay)?|and|also|so|next|then)\W+)?(?:an?|some)\s+(?:[\w-]+\s+){1,3}?(?:today|tonight|this\s+(?:week"
    r"|morning|afternoon|evening))\s*,?\s+(?:if\s+(?:at\s+all\s+)?possible|please|ideally|preferably)\b"
    # the day alone as the whole reply, taken up or asked for: "Yes, today please.", "Tonight, thanks."
    r"|^\W*(?:(?:yes|yeah|yep|ok(?:ay)?|sure)(?:\s+please)?\W+)?(?:today|tonight)"
    r"(?:\s*,?\s*(?:please|pls|thanks|thank\s+you))?\s*[.!]*\s*$"
    # ... after a yes and the choice it takes: "yes by card, today", "ok the blue one, tonight"
    r"|^\W*(?:yes|yeah|yep|ok(?:ay)?|sure)\W+(?:[\w-]+\s+){0,2}[\w-]+\s*,\s*(?:today|tonight)"
    r"(?:\s*,?\s*(?:please|pls|thanks|thank\s+you))?\s*[.!]*\s*$"
    # any part of the day as the whole reply: "yes, any evening this week", "Any time tomorrow."
    r"|^\W*(?:(?:yes|yeah|yep|ok(?:ay)?|sure)\W+)?any\s+(?:time|day|morning|afternoon|evening|night)\s+"
    r"(?:today|tonight|tomorrow|this\s+(?:week(?:end)?|morning|afternoon|evening))\s*[.!]*\s*$",
    re.I,
)
# A question about the weather asks about the day it names: "what's the weather like today?"
# A short question that proposes the day for what was just talked of: "What about this weekend?", "How about
# tomorrow morning?"
_DAY_PROPOSED_RE = re.compile(
    r"^\W*(?:(?:and|so|ok(?:ay)?)\W+)?(?:what|how)\s+about\s+(?:today|tonight|tomorrow(?:\s+(?:morning|afternoon|evening|night))?"
    r"|this\s+(?:weekend|week|morning|afternoon|evening)|next\s+week(?:end)?)\s*\?+\s*$",
    re.I,
)
_FORECAST_RE = _words(
    r"weather|forecast|rain(?:y|ing)?|snow(?:y|ing)?|sunny|temperatures?|humid(?:ity)?|windy"
)
# A question for the hour of something on a day it names by "today" or "tomorrow", which the check files
# label as no day ("What time do they close today?"); "When do they close tonight?" and "What time tonight?"
# keep the day.
_ASKS_HOUR_OF_RE = re.compile(
    r"^\W*(?:(?:and|so|ok(?:ay)?)\W+)?what\s+time\s+(?:is|are|was|were|do|does|did)\b", re.I
)
_ASKS_WHEN_RE = re.compile(r"^\W*(?:(?:and|so|ok(?:ay)?)\W+)?(?:what\s+time|when)\b", re.I)
_NOT_A_DAY_BEFORE_RE = re.compile(
    r"(?:(?:help|assist|do\s+for)\s+you(?:\s+with)?(?:\s+anything)?(?:\s+else)?|how\s+are\s+you"
    # "every other Friday", "every second Tuesday": a day that comes round, no one date
    r"|\b(?:(?-i:a)|every(?:\s+(?:other|second|third|fourth|alternate))?|each|most|some)"
    r"|^\W*(?-i:A))\s+$",  # "A Wednesday would be best."; not "Dr. Mae A"
    re.I,
)
# The close of a talk names no day: "That's it for today.", "Thanks for your help today."
_CLOSING_BEFORE_RE = re.compile(
    r"\b(?:(?:(?:that'?s|that\s+is)\s+(?:it|all|everything)|enough|done)\s+for|(?:your|the)\s+help)\s+$", re.I
)
# ... and a question offering more help at its close: "Anything else you need today?"
_MORE_HELP_BEFORE_RE = re.compile(r"\banything\s+else\b(?:\s+[\w']+){0,6}\s+$", re.I)
# A question for more of what was just listed names no day: "Are there any on Sunday?", "Any for the 14th?"
_MORE_ASKED_BEFORE_RE = re.compile(
    r"(?:\b(?:there(?:\s+(?:are|is)n'?t)?|you\s+have|got)\s+|^\W*(?:(?:and|so|or)\s+)?)any\s+(?:(?:on|for)\s+)?(?:the\s+)?$",
    re.I,
)
# A sum said over a span: "your orders this week come to", "the charges last week add up to", "totals $90"
_SUM_SPAN_RE = re.compile(
    r"\b(?:(?:comes?|came|adds?\s+up|added\s+up|amounts?|amounted)\s+to|total(?:s|led|ed)?)"
    r"\s+(?:(?:about|around|roughly|just\s+(?:over|under))\s+)?[$£€\d]",
    re.I,
)
_DEADLINE_BEFORE_RE = re.compile(r"\b(?:within|by|before|no\s+later\s+than|not\s+later\s+than)\s+$", re.I)
_CALL_WORDS = r"call(?:ing)?\s+(?:you|me)(?:\s+back)?|call-?backs?|ring\s+(?:you|me)|phone\s+(?:you|me)"
_DATE_KEYS = ((_words(r"deliver(?:y|ed|s|ing)?|arriv(?:e|es|ed|al|ing)"), "delivery_date"),)
_DATE_KEYS += ((_words(_CALL_WORDS), "callback_date"),)


def _count(word: str) -> int:
    word = " ".join(word.lower().split())
    return int(word) if word.isdigit() else 2 if "couple" in word else _NUMBER_WORDS[word]


def _duration(m: re.Match, when: datetime, text: str) -> date | datetime | str | None:
    """A duration: "within 14 days" is the deadline date, "in 24 hours" a moment; its anchor is unknown
    in "within 14 days of delivery": the fact has no date. One without "within"/"in"/"ago" is no date,
    nor is a range ("within 3 to 5 business days", "in 2-3 weeks"): it names no one day."""
    n, unit, today = _count(m["n"]), m["unit"].lower().rstrip("s"), when.date()
    if not (m["prep"] or m["ago"]) or (m["ago"] and m["prep"]) or m["n2"]:
        return None
    if unit != "hour" and (m["prep"] or "").lower() == "within" and m["n"].lower() in ("a", "an"):
        return None  # "within a day", "within a week": how soon, said loosely, no deadline day
    anchored = m["prep"] or m["ago"]
    if unit == "hour":
        return when + timedelta(hours=n) if anchored and not m["ago"] else None
    if not anchored or re.match(r"\s+(?:of|from|after)\s+(?!now\b|today\b)", text[m.end() :], re.I):
        return ""
    sign = -1 if m["ago"] and m["ago"].lower() == "ago" else 1
    if unit == "month":
        return _add_months(today, sign * n)
    if m["work"] and unit == "day" and sign > 0:
        return _add_working_days(today, n)
    return today + timedelta(days=sign * n * _UNIT_DAYS[unit])


def _resolve_date(
    form: str, m: re.Match, when: datetime, text: str, order: str = "", hours_asked: bool = False
) -> date | datetime | str | None:
    """The date a form names, "" when it names one that cannot be placed, None when it is no date.

    A period names its last day, so a deadline read from it is never earlier than what was said:
    "this week" and "the end of the week" are the coming Sunday, "next month" its last day.
    """
    today = when.date()
    if form in ("dmy", "mdy"):
        token, day, year = m["m"] or m["m2"], int(m["d"] or m["d2"]), m["y"] or m["y2"]
        month = "janfebmaraprmayjunjulaugsepoctnovdec".index(token[:3].lower()) // 3 + 1
        # lower-case "may" is a verb, unless a day with its ordinal follows it ("may 17th") or "of"
        # or a day's ordinal comes before it and nothing goes on after it ("the 3rd of may") but what
        # a date goes on with ("the 3rd of may same time", "the 3rd of may suits")
        if (
            token == "may"
            and not (
                (
                    m["m2"]
                    and m["ord2"]
                    and not re.match(r"\s+(?:century|floor|place|row|grade)\b", text[m.end() :], re.I)
                )
                # "inspection is may 31 at 3", "final reading may 31, and": the day ends the phrase
                or (
                    m["m2"]
                    and re.match(r"\s*(?:$|[.,;!)]|at\s+\d)", text[m.end() :])
                    and not re.search(
                        r"\b(?:i|you|we|they|he|she|it|who|which|that|this|there|one)\s+$",
                        text[: m.start()],
                        re.I,
                    )
                )
                or (
                    m["m"]
                    and (
                        re.search(r"\bof\s+$", text[: m.start("m")], re.I)
                        or m["ord"]
                        # "valid until 31 may .", "due by 2 may": a day after a word of when, nothing after
                        or re.search(
                            # "due 7 may", "renews 1 may", "starts 17 may"
                            r"\b(?:until|till|by|on|from|since|before|after|due|renew(?:s|al)|starts?|ends?|expires?)\s+$",
                            text[: m.start("d")],
                            re.I,
                        )
                    )
                    and re.match(
                        r"\s*(?:$|[.,;:!?)]|(?:at|for|and|or|please|then|instead|same|suits?|works?|too|if|because|as)\b)",
                        text[m.end("m") :],
                        re.I,
                    )
                )
            )
        ):
            return None
        counted = m["m"] and not m["ord"] and not year and _COUNTED_MONTH_RE.search(text[: m.start("d")])
        if counted and re.match(r"\s+(?!days\b)[a-z]+[^'s]s\b", text[m.end() :]):
            return None  # "3 or 4 June tickets": a count of things of June
        return _safe_date(int(year), month, day) if year else _nearest_year(today, month, day)
    if form == "numeric":  # day first, or month first where the conversation reads so (see date_order)
        version = re.search(r"(?:version|ver\.?|build)\s*$", text[: m.start()], re.I)
        if version or (m["sep"] != "/" and len(m["y3"]) == 2):
            return None
        a, b, year = int(m["a"]), int(m["b"]), int(m["y3"]) + (2000 if len(m["y3"]) == 2 else 0)
        if len(m["y3"]) == 2 and abs(year - today.year) > 10:
            return None  # "11/22/63" names a year of another century, or no date at all
        return _numeric_date(year, a, b, order)
    if form == "wdnum":  # "Tuesday 27/10": the weekday said with it picks the reading when both could be
        a, b = int(m["a2"]), int(m["b2"])
        readings = [d for d in (_nearest_year(today, b, a), _nearest_year(today, a, b)) if d]
        said = m["wdnum"].lower()[:3]
        fitting = [d for d in readings if _WEEKDAYS[d.weekday()].startswith(said)]
        if order == "mdy":
            readings.reverse()
        return (fitting or readings or [None])[0]
    if form == "weekly":  # "Tuesdays": a day that comes round every week, no one date
        question = is_question(text)
        joined = re.match(rf"\s*(?:-|to|through|thru|till|until)\s*{_WEEKDAY}s?\b", text[m.end() :], re.I)
        joined = joined or re.search(
            rf"\b{_WEEKDAY}s?\s*(?:-|to|through|thru|till|until)\s*$", text[: m.start()], re.I
        )
        clause = re.split(r"[,;]", text[: m.start()])[-1] + re.split(r"[,;]", text[m.end() :])[0]
        kept = _KEPT_HOURS_RE.search(clause) or (_HABIT_RE.search(text) and not _PAID_WEEKLY_RE.search(text))
        kept = kept or BARE_HOURS_RE.search(clause)  # "saturdays we 're 9 till 1"
        kept = kept or limit_kept_weekly(text, m.start(form))  # "until 6.30 pm on thursdays"
        return None if question or kept else ""  # not "open on Sundays"
    if form == "iso":
        return _safe_date(int(m["y4"]), int(m["m4"]), int(m["d4"]))
    if form in (
        "ordinal",
        "ordinal2",
        "ordinal3",
        "wdord",
        "bareord",
    ):  # "friday the 19th": the day of the month decides
        if said := m["w7"] or m["w9"]:
            return _day_of_month(today, _ORDINAL_DAYS[re.sub(r"[\s-]+", "-", said.lower())])
        return _day_of_month(today, int(m["d5"] or m["d7"] or m["d8"] or m["d9"] or m["d10"]))
    if form == "relmonth":  # "the 14th of this month", "the first of next month"
        said = (m["w6"] or "").lower()
        day = (
            int(m["d6"])
            if m["d6"]
            else {"first": 1, "second": 2, "third": 3}.get(said) or _ORDINAL_DAYS[said]
        )
        if m["rm"].lower() == "the":  # "the 11th of the month": the next one
            return _day_of_month(today, day)
        step = 0 if m["rm"].lower() == "this" else -1 if m["rm"].lower() == "last" else 1
        first = _add_months(today.replace(day=1), step)
        return _safe_date(first.year, first.month, day)
    if form == "duration":
        return _duration(m, when, text)
    if form == "wordday":
        token = m["wm"] or m["wm2"]
        if token.islower() and token in ("may", "march", "mar"):
            return None  # "you may first call", "march second in line"
        said = (m["wo"] or m["wo2"]).lower()
        day = {"first": 1, "second": 2, "third": 3}.get(said) or _ORDINAL_DAYS[re.sub(r"[\s-]+", "-", said)]
        month = "janfebmaraprmayjunjulaugsepoctnovdec".index(token[:3].lower()) // 3 + 1
        return _nearest_year(today, month, day)
    if form == "slash":  # month first where the conversation writes so, else the only possible reading
        a, b = int(m["sa"]), int(m["sb"])
        if m["scue"].lower() in ("to", "through", "thru") and not re.search(r"\d/\d", text[: m.start()]):
            return None  # "the score went to 1/2"; "from 4/12 to 4/19" is two dates
        if re.fullmatch(r"for|by|do|make\s+it|book", m["scue"], re.I) and a < b <= 8:
            return None  # "for 1/2 the price", "by 3/4": a fraction
        if order == "mdy" or b > 12:
            return _nearest_year(today, a, b) or _nearest_year(today, b, a)
        return _nearest_year(today, b, a) or _nearest_year(today, a, b)
    if form == "wkfrom":  # "a week from Friday": that many weeks after the coming Friday (or tomorrow)
        weeks = ({"a": 1} | _words_between(1, 3)).get(m["wn"].lower()) or int(m["wn"])
        said = m["wfd"].lower()
        base = (
            today + timedelta(days=1)
            if said == "tomorrow"
            else _weekday_date(today, _WEEKDAYS.index(said), None)
        )
        return base + timedelta(days=7 * weeks)
    if _NOT_A_DAY_BEFORE_RE.search(text[: m.start(form)]):
        return None  # "help you today", "on a Saturday", "Monday to Friday"
    if form == "word" and m[form].lower() == "today":
        before = text[: m.start(form)]
        if _CLOSING_BEFORE_RE.search(before) or (is_question(text) and _MORE_HELP_BEFORE_RE.search(before)):
            return None  # "That's it for today.", "Anything else for you today?"
    if form == "word" and _ASKS_HOUR_OF_RE.match(text) and is_question(text):
        return None  # "What time is breakfast tomorrow?": asks the hour; the day only says which one
    vague = (
        form == "word" and not re.search(rf"tomorrow|{_TOMORROW_TYPED}|yesterday|last", m[form], re.I)
    ) or (form == "period" and not m["which"] and m["which2"].lower() != "next")
    # "will it rain today?", "What time tonight?", "When do they close tonight?": the day a question is about
    forecast = is_question(text) and (_FORECAST_RE.search(text) or _ASKS_WHEN_RE.match(text))
    forecast = forecast or _DAY_PROPOSED_RE.match(text)
    visit = form == "word" and (_VISIT_ASKED_RE if is_question(text) else _VISIT_RE).search(text)
    visit = visit or (form == "word" and _DAY_OFFERED_RE.search(text))
    # "a contractor who can come out this week": a visit in the week
    visit = visit or (form == "period" and _VISIT_ASKED_RE.search(text))
    visit = visit or (form in ("word", "period") and _LOOKED_FOR_RE.search(text))
    if vague and not (_EVENT_RE.search(text) or forecast or visit):
        return None  # "the weather is grim today"
    if form == "period" and not m["which"] and _SUM_SPAN_RE.search(text):
        return None  # "Your bookings this week come to $240": the span a sum is over, no day of it
    if (
        form == "period"
        and (m["which"] or "").lower() == "the"
        and m["punit"].lower() == "month"
        and month_of_a_move(text)
    ):
        return None  # "I'm moving at the end of the month": the month of a move, not placed
    if form == "period" and m["which2"] and m["punit"].lower() == "month":
        return None  # "I'm moving to Leeds next month.": a month, no one day ("the end of next month" is one)
    if form == "period":
        step = {"next": 1, "last": -1}.get((m["which"] or m["which2"]).lower(), 0)
        if m["punit"].lower() == "month":
            return _month_end(_add_months(today, step))
        return _week_end(today + timedelta(days=7 * step))
    if form == "word":
        offsets = {"tomorrow": 1, "yesterday": -1, "last night": -1, "day after tomorrow": 2}
        said = re.sub(r"^(?:the|a|later)\s+", "", " ".join(m[form].lower().split()))
        said = re.sub(rf"^(?:{_TOMORROW_TYPED})\b", "tomorrow", said)
        said = re.sub(r"^tomorrow\s+\w+$", "tomorrow", said)  # "tomorrow morning"
        return today + timedelta(days=offsets.get(said, 0))
    if form == "abbr":
        return _abbreviated_day(m, when, text, hours_asked)
    if form == "weekday":
        if short_day_kept(text, m.start(form), m.end(form)):
            return None  # "half day wednesday", "closed wednesday afternoons"
        if _RANGE_THEN_ON_RE.search(text[: m.start(form)]) and _HABIT_RE.search(text):
            return None  # "9:00 to 19:00 on weekdays and 9:30 to 16:00 on saturday": the hours it keeps
        paired = _PAIRED_BEFORE_RE.search(text[: m.start(form)])
        pair_after = _PAIRED_AFTER_RE.match(text, m.end())
        span = (
            (paired.start(), m.end()) if paired else (m.start(form), pair_after.end()) if pair_after else None
        )
        joiner = paired[0] if paired else pair_after[0] if pair_after else ""
        listed = re.search(r"(?:^|\W)(?:and|or)\W", joiner, re.I)
        # days listed with "and" are days said, as one day is, beside the hours asked for or kept on them
        # ("Tuesday and Thursday, 8:30 to 10:30"), unless the sentence says the hours are a habit ("open") or
        # answers which days a place keeps with the days alone ("Thursday and Saturday.")
        alone = hours_asked and not _HOURS_SAID_RE.search(text)
        kept = (_HABITUAL_RE.search(text) or alone) if listed else _keeps_hours(text, hours_asked)
        repeats = not (listed and hours_asked) and span and repeats_at_a_clock(text, *span)
        if span and (kept or repeats):
            return None  # "we are open monday to friday", "at 8:00 am, Monday to Friday" name no day
        mod = m["post"] or m["mod"]
        mod = ("this" if "coming" in mod.lower() else mod.lower()) if mod else None
        past = bool(_PAST_RE.search(text)) and not _FUTURE_RE.search(text)
        weekday = _WEEKDAYS.index(m["wd"].lower())
        if m["afternext"]:  # "Monday after next", "Friday week": the Monday after the coming one
            return _weekday_date(today, weekday, None) + timedelta(days=7)
        if paired and not mod:  # the second day of a pair is the first one on or after the first day
            first = _weekday_date(today, _WEEKDAYS.index(paired["first"].lower()), None, past)
            return first + timedelta(days=(weekday - first.weekday()) % 7)
        return _weekday_date(today, weekday, mod, past)
    return today  # end of day


_HOURS_SAID_RE = re.compile(r"\d|\b(?:half\s+[a-z]+|noon|midday)\b", re.I)


def _dates(s: _Sentence) -> list[ExtractedFact]:
    out = []
    matches = list(_DATE_RE.finditer(s.text))
    if "day" in s.text or "DAY" in s.text or "Day" in s.text or "/" in s.text:
        matches += _DAY_DATE_RE.finditer(s.text)
    for m in matches:
        form = next(f for f in (_DATE_FORMS if m.re is _DATE_RE else _DAY_DATE_FORMS) if m[f])
        resolved = _resolve_date(form, m, s.turn.created_at, s.text, s.date_order, "hours" in s.asked)
        if resolved is None:
            continue
        start, end = m.span(form)
        if s.question and _MORE_ASKED_BEFORE_RE.search(s.text[:start]):
            continue  # "Are there any on Sunday?"
        if s.question and form == "weekday" and known_day_asked(s.text, start, end):
            continue  # "and the return on the wednesday ?"
        if form == "weekday" and counted_from_event(s.text, start, end):
            continue  # "the Monday after I move": a day of an event with no date
        if turned_down(s.text, start, end):
            continue  # "Tomorrow's too late.", "I can't do Monday."
        if chosen_by_day(s.turn.content or "", s.offset + start, s.previous):
            continue  # "Tuesday." after "... next Tuesday at 10:20 am and Wednesday at 2:50 pm"
        bare = form == "weekday" and not (m["mod"] or m["post"] or m["afternext"]) and type(resolved) is date
        if (
            bare
            and len(s.recent) >= 2
            and (offered := offered_weekday(m["wd"], s.recent[-2], _said_on(s, -2)))
        ):
            resolved = offered  # "Tuesday at 10:20." after "10:20 am next Tuesday", dated from the offer
        if isinstance(resolved, datetime):  # "in 24 hours" is a moment, kept with the times
            out.append(s.fact("time", _time_key(s.text, start), start, end, f"{resolved:%Y-%m-%dT%H:%M}"))
            continue
        before = s.text[max(0, start - 25) : start]
        if _DEADLINE_BEFORE_RE.search(before) or m[form].lower().startswith("within"):
            key = "deadline"
        else:
            key = _nearest_key(s.text, start, end, _DATE_KEYS, "date", reach=50)
        out.append(s.fact("date", key, start, end, resolved.isoformat() if resolved else ""))
        bare = form == "mdy" and not m["ord2"] and not m["y2"]
        if bare and type(resolved) is date and (listed := listed_bare_days(s.text, end, resolved.day)):
            for first, last, listed_day in listed:  # "April 6, 13, 20 and 27"
                if day := _second_day(resolved, listed_day):
                    out.append(s.fact("date", key, first, last, day.isoformat()))
            continue
        bare_range = bare and _SECOND_BARE_DAY_RE.match(s.text, end)
        if bare_range and int(bare_range["day"]) > resolved.day:  # "March 22-25": the 25th too
            second = bare_range
        else:
            second = _SECOND_DAY_RE.match(s.text, end)
        while type(resolved) is date and second:
            day = _second_day(resolved, int(second["day"]))  # "the 3rd or 4th", "March 3rd to 9th"
            if not day:
                break
            out.append(s.fact("date", key, *second.span("said"), day.isoformat()))
            second = _SECOND_DAY_RE.match(s.text, second.end())  # "March 3rd, 4th and 5th"
    # a range's first day replaces a day of the month read alone ("the 9th" of the next month), never a
    # date that names its month ("March 5th till 10th of March")
    named = [f for f in out if re.search(_MONTH, f.value, re.I)]
    may_be_range = bool(_MAY_BE_RANGE_RE.search(s.text))  # most sentences have no range: one look says so
    firsts = [f for f in _range_firsts(s) if not any(_overlap(f, g) for g in named)] if may_be_range else []
    if may_be_range:
        firsts += [f for f in _day_range_firsts(s, out) if not any(_overlap(f, g) for g in out + firsts)]
    return [f for f in out if not any(_overlap(f, g) for g in firsts)] + firsts


def _said_on(s: _Sentence, i: int) -> date:
    """The day the turn ``s.recent[i]`` was said (the sentence's own turn's day when not known)."""
    return (s.recent_at[i] if len(s.recent_at) >= -i else s.turn.created_at).date()


def _overlap(a: ExtractedFact, b: ExtractedFact) -> bool:
    return a.span[0] < b.span[1] and b.span[0] < a.span[1]
