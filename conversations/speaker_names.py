"""Which participants of a chat a question names: by their speaker label, or by a name the others call them.

A chat between people labels each turn with its speaker ("Sam: ..."), but the
people in it, and the questions asked about them, often use another name: a
nickname, a short form, another spelling. The label "Sam" may belong to someone
the other speaker greets as "Tess" ("hey Tess!", "thanks, Tess."), and a question
about that person says "Tess". ``called_names`` learns such names from the
conversation's own turns at search time: a capitalised word said as a vocative
(after a greeting or thanks, or after a comma at the end of a sentence) names
the person the turn is said to, the next one to speak after its speaker; a
speaker introducing themselves ("I'm Tess") names themself.

Nothing is stored: the names are read from the turns as they are when the
question is asked, so a turn added counts at once and a turn forgotten (deleted
or redacted) leaves no name behind.
"""

import re
from collections import Counter, defaultdict
from difflib import SequenceMatcher
from functools import lru_cache

from django.db import connection

from conversations.models import Turn

TURNS = Turn._meta.db_table

# "Name: " at the start of a turn, as chat exports and imports write who said it.
SPEAKER_PREFIX = re.compile(r"([^\W\d][\w .'-]{0,30}):\s")
# How alike a capitalised word of the question and a part of a speaker's name must be
# (difflib's ratio) to count as naming them: "Katja" names "Katya", "Mohamad" "Mohammed".
NAME_LIKENESS = 0.75
MIN_NAME = 3
_QUESTION_WORD = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)*")
_POSSESSIVE = re.compile(r"['\u2019]s$", re.IGNORECASE)

# Capitalised words a question starts with or holds that are never anyone's name.
FUNCTION_WORDS = frozenset(
    """a about after all also an and any are as at be been before both but by can could
    did do does during for from had has have he her hers him his how if in into is it its
    many may might more most much my no not of on or our should since so some than that
    the their them then there these they this those through to under until was we were
    what when where whether which while who whom whose why will with would yes you your""".split()  # noqa: SIM905 (a word list reads better as prose)
)

# A name is credited to a speaker when it was said to them as a vocative at least this
# many times, in this share of all its vocative uses, and when they say it themselves in
# fewer than half as many turns (a place said after a comma is said by both sides).
MIN_CALLED = 3
MIN_CALLED_SHARE = 2 / 3
# How many turns after a vocative are read to find who it was said to.
ADDRESSEE_WINDOW = 3
# At most this many turns holding one word are read (the latest): enough to learn a name.
MAX_TURNS_A_WORD = 200
_HEAD = 40

# How many words' patterns, and word-and-name likenesses, a process keeps: a conversation's
# questions name the same few people again and again, and compiling a word's patterns cost
# more than the rest of a search's Python work (re's own cache, shared with every other
# pattern of the process, kept few of them).
CACHED_WORDS = 2048

_GREETING = (
    r"(?i:\b(?:hey|hi|hiya|heya|hello|yo|dear|thanks|thank\s+you|bye|goodbye|good\s+(?:morning|night"
    r"|evening|afternoon|luck)|morning|night|congrats|congratulations|sorry|welcome|see\s+you"
    r"|love\s+you|miss\s+you|you\s+too|there))"
)


@lru_cache(maxsize=CACHED_WORDS)
def _vocative(word: str) -> re.Pattern:
    """``word`` said to someone: "hey Tess", "thank you Tess!", "that's lovely, Tess."."""
    name = re.escape(word)
    return re.compile(
        rf"{_GREETING}[,!]?\s+{name}\b(?!['\u2019]s)"
        # After a comma that follows a lower-case word ("lovely, Tess!"), not after a
        # capitalised one ("Austin, Texas."), and ending the sentence.
        rf"|\b[a-z][\w'\u2019]*,\s*{name}\s*(?:[!?.]|$)"
    )


@lru_cache(maxsize=CACHED_WORDS)
def _introduction(word: str) -> re.Pattern:
    """The speaker giving ``word`` as their own name: "I'm Tess", "my name is Tess"."""
    return re.compile(
        rf"(?i:\b(?:i['\u2019]m|i\s+am|my\s+name\s+is|call\s+me))\s+{re.escape(word)}\b(?!['\u2019]s)"
    )


@lru_cache(maxsize=CACHED_WORDS)
def alike(word: str, name: str) -> bool:
    """Whether ``word`` (from a question) names the speaker ``name``: alike enough to a part of it."""
    return any(
        len(part) >= MIN_NAME and SequenceMatcher(None, word.lower(), part.lower()).ratio() >= NAME_LIKENESS
        for part in name.split()
    )


def question_names(query: str) -> list[str]:
    """The capitalised words of the question that may be names ("Sam's" read as "Sam")."""
    words = []
    for word in _QUESTION_WORD.findall(query):
        word = _POSSESSIVE.sub("", word)
        if (
            len(word) >= MIN_NAME
            and word[0].isupper()
            and word.lower() not in FUNCTION_WORDS
            and word not in words
        ):
            words.append(word)
    return words


def named_speakers(query: str, speakers: set[str], called: dict[str, str] | None = None) -> set[str]:
    """The speakers the question names, when it names some but not all of them.

    A name is a capitalised word of the question alike enough to a part of the
    speaker's name ("Sam's" names "Sam Ortiz"; "Mohamad" names "Mohammed"), or
    a name the speaker is called by (``called``, from ``called_names``).
    """
    called = called or {}
    named = set()
    for word in question_names(query):
        named.update(name for name in speakers if alike(word, name))
        if word in called:
            named.add(called[word])
    return named if named != speakers else set()


def unlabelled_names(query: str, speakers: set[str]) -> list[str]:
    """The question's possible names that name no speaker by their label: what ``called_names`` looks up."""
    return [word for word in question_names(query) if not any(alike(word, name) for name in speakers)]


_CALLED_SQL = f"""
    SELECT w.word, t.content,
           ARRAY(
               SELECT left(n.content, {_HEAD}) FROM {TURNS} AS n
               WHERE n.conversation_id = t.conversation_id AND n.seq > t.seq
               ORDER BY n.seq
               LIMIT {ADDRESSEE_WINDOW}
           )
    FROM unnest(%(words)s::text[]) AS w (word)
    CROSS JOIN LATERAL (
        SELECT t.conversation_id, t.seq, t.content FROM {TURNS} AS t
        -- strpos, case-sensitive: a name is written with its capital; no pattern to escape.
        WHERE t.conversation_id = %(conversation)s AND strpos(t.content, w.word) > 0
        ORDER BY t.seq DESC
        LIMIT {MAX_TURNS_A_WORD}
    ) AS t
"""


def called_names(conversation_id: int, words: list[str], speakers: set[str]) -> dict[str, str]:
    """Of ``words``, those the conversation's turns use as a name of one of ``speakers``: word -> speaker.

    One query reads the turns holding each word (with the starts of the few
    turns after each, to see who answered); the vocatives are found in Python.
    """
    if not words or not speakers:
        return {}
    with connection.cursor() as cursor:
        cursor.execute(_CALLED_SQL, {"words": words, "conversation": conversation_id})
        rows = cursor.fetchall()
    called: dict[str, Counter] = defaultdict(Counter)
    says: dict[str, Counter] = defaultdict(Counter)
    patterns = {word: (_vocative(word), _introduction(word)) for word in words}
    for word, content, following in rows:
        speaker, body = _split(content)
        vocative, introduction = patterns[word]
        if introduction.search(body):
            called[word][speaker] += 1
            continue
        says[word][speaker] += 1
        if vocative.search(body):
            addressee = next((s for s, _ in map(_split, following) if s and s != speaker), "")
            called[word][addressee] += 1
    names = {}
    for word, counts in called.items():
        speaker, count = counts.most_common(1)[0]
        if (
            speaker in speakers
            and count >= MIN_CALLED
            and count >= MIN_CALLED_SHARE * sum(counts.values())
            and 2 * says[word][speaker] < count
        ):
            names[word] = speaker
    return names


def _split(content: str) -> tuple[str, str]:
    prefix = SPEAKER_PREFIX.match(content)
    return (prefix.group(1), content[prefix.end() :]) if prefix else ("", content)
