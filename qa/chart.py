"""A small line chart of runs over time, drawn as SVG on the server (no script, no CDN)."""

from __future__ import annotations

from dataclasses import dataclass

WIDTH, HEIGHT = 1000, 240
# The same chart drawn for a phone-wide screen: a wide one shrunk to it would write its labels
# a third of their size.
NARROW_WIDTH = 400
LEFT, RIGHT, TOP, BOTTOM = 44, 30, 14, 34
SERIES = (
    # name, field, colour, dash pattern: colour is never the only signal
    ("recall", "recall", "#1f5fae", ""),
    ("precision", "precision", "#b0521e", "6 4"),
    ("clean conversations", "clean_rate", "#2e6b3a", "2 3"),
)
THRESHOLD = 0.95  # below about this recall, pinning loses to the alternatives


@dataclass
class Point:
    x: float
    y: float
    title: str
    url: str


@dataclass
class Line:
    name: str
    colour: str
    dash: str
    points: list[Point]

    @property
    def path(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


def _y(share: float) -> float:
    return TOP + (1 - share) * (HEIGHT - TOP - BOTTOM)


def run_chart(runs: list, url_of, *, width: int = WIDTH) -> dict | None:
    """The chart's parts for runs, oldest first, ``width`` units wide; None without a finished run."""
    runs = [r for r in runs if r.status == "done"]
    if not runs:
        return None
    span = width - LEFT - RIGHT
    xs = [LEFT + (span * i / (len(runs) - 1) if len(runs) > 1 else span / 2) for i in range(len(runs))]
    lines = []
    for name, field, colour, dash in SERIES:
        points = [
            Point(
                x,
                _y(getattr(run, field)),
                f"run {run.pk}, {run.requested_at:%d %b %H:%M}: {name} {getattr(run, field) * 100:.1f}%",
                url_of(run),
            )
            for x, run in zip(xs, runs, strict=True)
            if getattr(run, field) is not None
        ]
        lines.append(Line(name, colour, dash, points))
    # A date under about every sixth run on a wide chart, fewer on a narrow one, never crowded.
    step = max(1, len(runs) // max(1, width // 166))
    return {
        "width": width,
        "height": HEIGHT,
        "left": LEFT,
        "right": width - RIGHT,
        "lines": lines,
        "grid": [(f"{int(share * 100)}%", _y(share)) for share in (0, 0.25, 0.5, 0.75, 1)],
        "threshold": _y(THRESHOLD),
        "ticks": [
            (x, f"{run.requested_at:%d %b}")
            for i, (x, run) in enumerate(zip(xs, runs, strict=True))
            if i % step == 0
        ],
        "axis_y": HEIGHT - BOTTOM,
    }
