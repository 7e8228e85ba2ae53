"""The filters of a list as one row of links (``templates/_filter_tabs.html``), the chosen one marked.

Each list names its choices; this builds the links, so that every list filters the same way.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlencode


@dataclass(frozen=True)
class FilterTab:
    label: str
    href: str
    current: bool


def filter_tabs(
    param: str, choices: Iterable[tuple[str, str]], chosen: str, *, anchor: str = ""
) -> list[FilterTab]:
    """One tab per ``(value, label)``; the value ``""`` is the list unfiltered (no ``param``)."""
    return [
        FilterTab(
            label=label,
            href="?" + (urlencode({param: value}) if value else "") + (f"#{anchor}" if anchor else ""),
            current=value == chosen,
        )
        for value, label in choices
    ]
