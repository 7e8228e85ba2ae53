"""Export files on disk, recorded so that a forget request can reach them."""

from pathlib import Path

from django.utils import timezone

from privacy.models import ExportedFile


def export_recorded(*, path: str | Path, conversations: int) -> ExportedFile:
    """Remember a file ``export_conversations`` wrote (by its absolute path; a rewrite replaces it)."""
    exported, _ = ExportedFile.objects.update_or_create(
        path=str(Path(path).resolve()),
        defaults={"written_at": timezone.now(), "conversations": conversations},
    )
    return exported
