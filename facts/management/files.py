"""Import files named on a command line, read for the evaluation commands."""

from pathlib import Path

from django.core.management.base import CommandError

from facts.evaluation import EvalConversation, conversations_from_file


def read_import_file(name: str) -> tuple[Path, list[EvalConversation]]:
    """The file ``name`` and its conversations, or a CommandError that says what is wrong with it."""
    path = Path(name)
    if not path.is_file():
        raise CommandError(f"Cannot read {path}: no such file.")
    try:
        return path, conversations_from_file(path)
    except (ValueError, KeyError) as exc:
        raise CommandError(f"{path} is not an import file: {exc}") from exc
