"""The model provider the settings choose, built once per process."""

from functools import cache

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from memadmin.providers.base import Provider


@cache
def get_provider() -> Provider:
    name = settings.MEMADMIN_PROVIDER
    if name == "local":
        from memadmin.providers.local import LocalProvider

        return LocalProvider(embedder=settings.MEMADMIN_EMBEDDER)
    if name == "openai":
        from memadmin.providers.openai_provider import OpenAIProvider

        if not settings.OPENAI_API_KEY:
            raise ImproperlyConfigured("MEMADMIN_PROVIDER=openai needs OPENAI_API_KEY.")
        return OpenAIProvider(
            base_url=settings.OPENAI_BASE_URL,
            api_key=settings.OPENAI_API_KEY,
            summary_model=settings.MEMADMIN_SUMMARY_MODEL,
            extraction_model=settings.MEMADMIN_EXTRACTION_MODEL,
            embedding_model=settings.MEMADMIN_EMBEDDING_MODEL,
            embedding_dimensions=settings.MEMADMIN_EMBEDDING_DIMENSIONS,
            timeout=settings.MEMADMIN_PROVIDER_TIMEOUT,
        )
    raise ImproperlyConfigured(f"MEMADMIN_PROVIDER={name!r}: use 'local' or 'openai'.")
