from django import template

register = template.Library()


@register.filter
def percent(share) -> str:
    """0.8125 -> "81.3%"; None (nothing to measure) -> "—"."""
    if share is None or share == "":
        return "—"
    return f"{float(share) * 100:.1f}%"
