"""How the dashboard writes times and raw values."""

import json
from datetime import UTC, datetime

from django import template
from django.contrib.humanize.templatetags.humanize import naturaltime
from django.utils import timezone
from django.utils.html import format_html

register = template.Library()


@register.simple_tag
def age(when: datetime | None, empty: str = "—"):
    """ "2 min ago", with the exact UTC time on hover and in the datetime attribute."""
    if when is None:
        return empty
    utc = when.astimezone(UTC) if timezone.is_aware(when) else when
    return format_html(
        '<time datetime="{}" title="{} UTC">{}</time>',
        utc.isoformat(),
        utc.strftime("%Y-%m-%d %H:%M:%S"),
        naturaltime(when),
    )


@register.filter
def as_json(value) -> str:
    """A JSON value as readable text (escaped by the template like any other text)."""
    if isinstance(value, str):
        return value
    return json.dumps(value, indent=1, ensure_ascii=False, sort_keys=True, default=str)
