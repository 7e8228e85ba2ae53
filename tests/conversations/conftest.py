import pytest

from memadmin.providers.embedders import get_embedder


@pytest.fixture(scope="session")
def embedder():
    """The default embedder, loaded once per test session: loading costs far more than any test here."""
    return get_embedder("wordllama")
