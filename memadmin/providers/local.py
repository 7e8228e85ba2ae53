"""The default provider: deterministic, offline, no model weights fetched at run time."""

from memadmin.providers.base import ExtractionResult, KnownFact, SummaryKind, SummaryResult, TurnText
from memadmin.providers.extractive import rolling_summary, static_summary


class LocalProvider:
    name = "local"
    summary_model = "local-extractive-1"
    extraction_model = "local-rules-1"

    def __init__(self, *, embedder: str = "wordllama"):
        self._embedder_name = embedder

    @property
    def _embedder(self):
        from memadmin.providers.embedders import get_embedder

        return get_embedder(self._embedder_name)

    @property
    def embedding_model(self) -> str:
        return self._embedder.model_name

    def summarise(self, *, kind: SummaryKind, turns: list[TurnText], previous: str = "") -> SummaryResult:
        # Extractive summaries are recomputed from the turns; ``previous`` adds nothing.
        text = rolling_summary(turns) if kind == "rolling" else static_summary(turns)
        return SummaryResult(text=text, model=self.summary_model)

    def extract_facts(self, *, turns: list[TurnText], known: list[KnownFact]) -> ExtractionResult:
        from facts.extraction import extract_facts

        return ExtractionResult(facts=extract_facts(turns, known), model=self.extraction_model)

    def embed(self, texts: list[str]) -> list[list[float]]:
        return self._embedder.embed(texts)

    def embed_array(self, texts: list[str]):
        """The same vectors as one float32 numpy array (bulk indexing writes them as they are)."""
        return self._embedder.embed_array(texts)
