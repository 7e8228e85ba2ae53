"""Days counted on the calendar from a turn's date: a date that exists, the nearest year of a day and month,
months and working days added, the end of a week or a month, the weekday and the day of the month meant."""

from __future__ import annotations

from datetime import date, timedelta


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _nearest_year(today: date, month: int, day: int) -> date | None:
    """A day and month without a year: the occurrence nearest the turn ("2 March" said on 14 March
    is last fortnight, "2 January" said in December is next month)."""
    options = [c for y in (today.year - 1, today.year, today.year + 1) if (c := _safe_date(y, month, day))]
    return min(options, key=lambda c: (abs((c - today).days), c < today), default=None)


def _add_months(d: date, months: int) -> date:
    year, month = divmod(d.year * 12 + d.month - 1 + months, 12)
    return next(found for day in (d.day, 30, 29, 28) if (found := _safe_date(year, month + 1, day)))


def _week_end(d: date) -> date:
    return d + timedelta(days=6 - d.weekday())


def _month_end(d: date) -> date:
    return _add_months(d.replace(day=1), 1) - timedelta(days=1)


def _add_working_days(d: date, n: int) -> date:
    while n > 0:
        d += timedelta(days=1)
        n -= d.weekday() < 5
    return d


def _weekday_date(today: date, weekday: int, mod: str | None, past: bool = False) -> date:
    """A weekday: with "next" the one of the following Monday-to-Sunday week; with "this" the one
    of this week unless gone; bare ("on Tuesday") the first one after the turn, or the last one
    before it in a past-tense sentence."""
    if mod == "next":
        return today + timedelta(days=7 - today.weekday() + weekday)
    if mod == "last" or (mod is None and past):
        return today - timedelta(days=(today.weekday() - weekday - 1) % 7 + 1)
    if mod == "this" and weekday >= today.weekday():
        return today + timedelta(days=weekday - today.weekday())
    return today + timedelta(days=(weekday - today.weekday() - 1) % 7 + 1)


def _day_of_month(today: date, day: int) -> date | None:
    """The next such day of a month on or after the turn's date ("the 8th")."""
    months = (divmod(today.year * 12 + today.month - 1 + i, 12) for i in range(13))
    return next((d for y, mo in months if (d := _safe_date(y, mo + 1, day)) and d >= today), None)


def _second_day(first: date, day: int) -> date | None:
    """The day after ``first`` with that day of the month: in its month, else in the next."""
    same = _safe_date(first.year, first.month, day)
    if same and same > first:
        return same
    return _day_of_month(first + timedelta(days=1), day)
