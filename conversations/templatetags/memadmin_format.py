"""How the dashboard writes times and raw values."""

import json
import re
from datetime import UTC, datetime

from django import template
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe

from memadmin import audit

register = template.Library()


def _utc(when: datetime) -> datetime:
    """The moment in UTC; a naive one is taken as UTC already."""
    return when.astimezone(UTC) if timezone.is_aware(when) else when


@register.simple_tag
def age(when: datetime | None, empty: str = "—"):
    """ "2 min ago", with the exact UTC time on hover and in the datetime attribute."""
    if not when:  # None, or a value the template could not look up (a conversation without turns)
        return empty
    utc = _utc(when)
    return format_html(
        '<time datetime="{}" title="{} UTC">{}</time>',
        utc.isoformat(),
        utc.strftime("%Y-%m-%d %H:%M:%S"),
        ago(utc, timezone.now()),
    )


@register.simple_tag
def utc_time(when: datetime | str | None, empty: str = "—"):
    """A moment written for people ("1 Dec 2026, 07:05:37 UTC"), its ISO form in the datetime
    attribute. Takes a datetime or the ISO text a stored document keeps (a receipt's)."""
    if isinstance(when, str):
        when = parse_datetime(when)
    if not when:
        return empty
    utc = _utc(when)
    return format_html(
        '<time datetime="{}">{} UTC</time>',
        utc.isoformat().replace("+00:00", "Z"),
        f"{utc.day} {utc.strftime('%b %Y, %H:%M:%S')}",
    )


@register.simple_tag
def stored_date(when: str | None, empty: str = "—"):
    """A day a stored document keeps as ISO text ("2030-01-01"), written for people ("1 Jan 2030")."""
    day = parse_date(when) if when else None
    if not day:
        return empty
    return format_html('<time datetime="{}">{}</time>', day.isoformat(), f"{day.day} {day:%b %Y}")


def ago(when: datetime, now: datetime) -> str:
    """How long ago, in the words a person uses; a date once it is over a month old.

    Written out rather than humanize's naturaltime, which costs ten times as
    much and the page shows hundreds of these.
    """
    seconds = (now - when).total_seconds()
    if seconds < 45:
        return "just now"
    if seconds < 3600:
        return f"{max(1, round(seconds / 60))} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    days = int(seconds // 86400)
    if days < 31:
        return "yesterday" if days == 1 else f"{days} days ago"
    return f"{when.day} {when:%b %Y}"


@register.filter
def as_json(value) -> str:
    """A JSON value as readable text (escaped by the template like any other text)."""
    if isinstance(value, str):
        return value
    return json.dumps(value, indent=1, ensure_ascii=False, sort_keys=True, default=str)


# A JSON string with no space in it (an id, a code, a date), with the comma after it: one word.
_JSON_WORD = re.compile(r'"(?:[^"\\\s]|\\.)*",?')


@register.filter
def json_lines(value) -> str:
    """A JSON value as lines that wrap under themselves, each in a ``json-line`` at its depth
    (``--depth``): a line too long for its column goes on a little further in than it started, and a
    string of one word (an id, a code, a date) is kept whole (``json-word``) unless it is wider than
    the whole column. Escaped like any other text."""
    lines = []
    for line in as_json(value).split("\n"):
        body = line.lstrip(" ")
        parts, at = [], 0
        for word in _JSON_WORD.finditer(body):
            parts.append(escape(body[at : word.start()]))
            parts.append(f'<span class="json-word">{escape(word.group())}</span>')
            at = word.end()
        parts.append(escape(body[at:]))
        depth = len(line) - len(body)
        lines.append(f'<span class="json-line" style="--depth: {depth}">{"".join(parts)}</span>')
    # No newline between the lines: each is a block of its own, and a newline would add an empty one.
    return mark_safe("".join(lines))


# "[turn 31]", and the longer forms the summaries write: "[turn 31, said again at turns 32, 236]".
# What follows the first number is only words, digits, spaces and commas, so no escaped character
# (an entity such as "&#x27;") is ever read as a turn number.
_TURN_REFERENCE = re.compile(r"\[turn (\d+)((?:,? [a-z0-9 ,]*)?)\]")
_MORE_TURNS = re.compile(r"(?:(?<=turn )|(?<=turns )|(?<=, )|(?<=and ))(\d+)\b")


def _turn_link(detail_url: str, seq: str, text: str) -> str:
    url = f"{escape(detail_url)}?seq={seq}"
    return (
        f'<a href="{url}#turn-{seq}" hx-get="{url}" hx-target="#transcript" hx-swap="outerHTML" '
        f'hx-push-url="true">{text}</a>'
    )


@register.filter
def turn_links(text: str, detail_url: str):
    """Summary text, escaped, with its "[turn N]" references as links to those turns; newlines kept.

    In a longer reference every turn number it names is a link.
    """
    escaped = escape(text)

    def link(match: re.Match) -> str:
        seq, more = match.group(1), match.group(2)
        if not more:
            return _turn_link(detail_url, seq, f"[turn {seq}]")
        more = _MORE_TURNS.sub(lambda m: _turn_link(detail_url, m.group(1), m.group(1)), more)
        return f"[{_turn_link(detail_url, seq, f'turn {seq}')}{more}]"

    # Only digits from the text reach the markup; everything else was escaped above.
    return mark_safe(_TURN_REFERENCE.sub(link, escaped).replace("\n", "<br>"))


@register.filter
def action_label(code: str) -> str:
    """An audit entry's action code in words."""
    return audit.action_label(code)


@register.filter
def name_breaks(name: str) -> str:
    """A name or code that may wrap after its underscores and dots (``callback_<wbr>before``,
    ``memadmin.<wbr>fact``), never inside one of its words."""
    return mark_safe(re.sub(r"([._])", r"\1<wbr>", str(escape(name))))
