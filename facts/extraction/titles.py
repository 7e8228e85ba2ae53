"""Titles of songs, playlists, albums and shows: "a playlist called Coast Road to Dover", "now playing
Sunday Morning", "put on Harbour Street Blues". A title names a work, so a street word or a weekday in it is
no address and no day; once a title is named, it stays one when said again later ("Hey Jude is now on Coast
Road to Dover")."""

from __future__ import annotations

import re

from memadmin.providers.base import ExtractedFact, TurnText

# Capitalised words, with the short words a title joins them by: "Coast Road to Dover", "Songs for a Sunday".
_TITLE = (
    r"(?-i:[A-Z][\w'&-]*(?:\s+(?:(?:to|of|the|in|on|at|for|and|a|an|my|your|from|by)\s+)*[A-Z][\w'&-]*){0,6})"
)
_TITLE_RE = re.compile(
    # "a playlist called Coast Road to Dover", "the album named Sunday Best"
    r"(?:\b(?:playlists?|songs?|tracks?|albums?|records?|mix(?:tape)?|podcasts?|episodes?|shows?|audiobooks?|films?"
    r"|movies?|stations?|tunes?)\s+(?:called|named|titled)\s+"
    # "now playing Sunday Morning", "play the song Sunday Morning", "put on Harbour Street Blues"
    r"|\b(?:(?:now\s+)?playing|play|put\s+on|queu(?:e[ds]?|ing)(?:\s+up)?|listen(?:ing)?\s+to)\s+"
    r"(?:the\s+(?:song|track|album|playlist|record|podcast|episode)\s+)?)"
    rf"(?=(?-i:[A-Z]))(?P<title>{_TITLE})",
    re.I,
)
_KINDS = {"address", "date"}


def titles_named(turn: TurnText) -> set[str]:
    """The titles this turn names, two words or longer (one word may be a day: "play it Sunday")."""
    return {m["title"] for m in _TITLE_RE.finditer(turn.content or "") if m["title"] and " " in m["title"]}


def outside_titles(turn: TurnText, titles: set[str], found: list[ExtractedFact]) -> list[ExtractedFact]:
    """The facts of a turn but an address or a day read inside a title named so far."""
    content = turn.content or ""
    held = [
        m.span()
        for title in titles | titles_named(turn)
        for m in re.finditer(rf"(?<!\w){re.escape(title)}(?!\w)", content)
    ]
    return [
        f
        for f in found
        if f.type not in _KINDS or not any(a <= f.span[0] and f.span[1] <= b for a, b in held)
    ]
