"""How a search ranks: the weights and choices of ``retrieval.search``, and the measurements behind them.

Its own module so that the record of what was measured (the docstring below)
sits beside the defaults it justifies, apart from the search code itself.
"""

import dataclasses
from dataclasses import dataclass
from typing import Literal

LEXICAL_RANKS = ("ts_rank", "ts_rank_cd", "bm25")


@dataclass(frozen=True)
class SearchTuning:
    """The choices behind a search; the defaults did best across every labelled set measured.

    Measured with ``eval_retrieval`` (wordllama) on two sets together, never
    one alone: a public set of real chats between friends (10 conversations of
    410-1,548 turns, 705 questions written by people) and the demo export (50
    short support conversations, 271 synthetic questions). recall@5 / recall@10
    of each configuration, overall:

    ==========================================  =============  =============  ======
    configuration                               real chats     demo           macro
                                                (R@5 / R@10)   (R@5 / R@10)   R@10
    ==========================================  =============  =============  ======
    lexical arm alone: ts_rank                  0.451 / 0.512  0.498 / 0.519  0.515
    lexical arm alone: BM25, b=0.75             0.458 / 0.522  0.512 / 0.521  0.521
    lexical arm alone: BM25, b=0 (default)      0.466 / 0.532  0.507 / 0.522  0.527
    vector arm alone                            0.321 / 0.372  0.727 / 0.855  0.614
    rrf k=10, vector 2 : lexical 1, ts_rank     0.381 / 0.450  0.727 / 0.869  0.660
    rrf k=10, 1 : 1, ts_rank                    0.460 / 0.519  0.721 / 0.866  0.692
    rrf k=60, 1 : 1, ts_rank                    0.438 / 0.506  0.721 / 0.867  0.687
    rrf k=10, 0.5 : 1, BM25 b=0                 0.482 / 0.541  0.723 / 0.869  0.705
    score 0.2 : 0.8, ts_rank                    0.484 / 0.551  0.729 / 0.869  0.710
    score 0.2 : 0.8, BM25 b=0.75                0.470 / 0.540  0.736 / 0.867  0.704
    score 0.2 : 0.8, BM25 b=0                   0.491 / 0.558  0.734 / 0.869  0.714
    score 0.35 : 0.65, BM25 b=0                 0.495 / 0.559  0.731 / 0.869  0.714
    score 0.2 : 0.8, + previous turn 0.1        0.495 / 0.560  0.745 / 0.911  0.736
    score 0.3 : 0.7, + previous turn 0.1        0.500 / 0.565  0.775 / 0.913  0.739
    score 0.35 : 0.65, + previous turn 0.15     0.505 / 0.567  0.770 / 0.922  0.745
      (default)
    score 0.4 : 0.6, + previous turn 0.15       0.502 / 0.563  0.775 / 0.926  0.745
    score 0.5 : 0.5, + previous turn 0.15       0.488 / 0.552  0.776 / 0.925  0.738
    score 0.3 : 0.7, + next turn 0.1            0.501 / 0.563  0.717 / 0.889  0.726
    score 0.3 : 0.7, + both neighbours 0.1      0.506 / 0.566  0.730 / 0.904  0.735
    rrf k=10, 0.5 : 1, + both neighbours 0.1    0.479 / 0.546  0.759 / 0.910  0.728
    ==========================================  =============  =============  ======

    The previous-turn step: a hybrid hit gains ``previous_turn_weight`` times the
    fused score of the turn before it (the question a reply answers). It is
    what moved both sets; weights 0.25-0.4 with 0.1-0.15 of the previous turn
    lie within a point of each other on both, the default sits in the middle.
    It applies to the hybrid alone, so the arms' figures are the arms' own
    (with the same step, lexical would reach 0.475 / 0.543 and 0.632 / 0.740,
    vector 0.323 / 0.381 and 0.790 / 0.901).

    The default is the only one measured whose hybrid beats each arm alone on
    both sets at both depths, with the best macro recall. The old default (rrf,
    vector weight 2, chosen on the demo alone) made hybrid worse than lexical
    search on the real chats. Score fusion maps each arm's scores onto [0, 1]
    (lexical: score / best; vector: min-max of the cosine similarities in its
    pool) and adds them with the weights. rrf k=5, 10 and 20 tie within a
    point; 60 is worse. BM25 weighs a term by its inverse document frequency
    among the conversation's own entries, so a speaker's name said in every
    turn counts for little; k1 from 0.6 to 2.4 moves no set by more than 0.005
    (turns are short: a term is seldom said twice). Measured and not kept, as
    no set gained without another losing: stopwords taken out of the query
    before embedding it (vector 0.338 / 0.377 and 0.678 / 0.852) or out of
    both query and turns (0.321 / 0.371 and 0.638 / 0.808); a boost for turns
    holding a capitalised name of the question verbatim (BM25 already ranks
    them; hybrid recall@10 -0.001 to -0.003 on the real chats, the demo
    unchanged); in the embedded text (vector recall@10, real chats / demo),
    the session date (+0.022 / -0.013), the previous turn (-0.017 / +0.051),
    no role word (-0.032 / -0.013). A cross-encoder reranker was not tried: at
    minilm's measured ~170 turns/s on this CPU, 20 candidates would cost ~100
    ms, ten times the search budget.

    After the previous-turn step three terms are added (hybrid only), with
    weights fitted by coordinate ascent on the macro recall of both sets
    together, and kept because the fit holds out of sample: weights fitted on
    the real chats alone lift the demo too, and the kept weights beat the
    previous default on each half of each set (conversations split odd /
    even) at both depths. A question naming one participant of a chat is
    about them (their "Name:" turns gain ``speaker_weight``); a turn asking
    something seldom holds the answer; a longer turn says more. The same
    command with ``--tuning``:

    ==========================================  =============  =============  ======
    configuration                               real chats     demo           macro
                                                (R@5 / R@10)   (R@5 / R@10)   R@10
    ==========================================  =============  =============  ======
    none of the three (the previous default)    0.505 / 0.567  0.770 / 0.922  0.745
    speaker 0.35, question 0.05, length 0.05    0.513 / 0.587  0.803 / 0.944  0.765
      (default)
    speaker 0                                   0.504 / 0.570  0.803 / 0.944  0.757
    speaker 0.25                                0.510 / 0.585  0.803 / 0.944  0.764
    speaker 0.5                                 0.511 / 0.587  0.803 / 0.944  0.766
    question 0                                  0.513 / 0.584  0.782 / 0.919  0.751
    question 0.1                                0.513 / 0.583  0.808 / 0.940  0.762
    length 0                                    0.511 / 0.577  0.781 / 0.922  0.749
    length 0.03                                 0.512 / 0.582  0.807 / 0.936  0.759
    length 0.08                                 0.513 / 0.589  0.783 / 0.944  0.766
    previous turn 0.25 (the three kept)         0.517 / 0.588  0.815 / 0.938  0.763
    + called names (a speaker named by a name   0.517 / 0.589  0.803 / 0.944  0.767
      the other calls them)
    + called names, date 0.3                    0.527 / 0.595  0.803 / 0.944  0.769
    + called names, date 0.3, time 0.1          0.532 / 0.596  0.827 / 0.944  0.770
      (default)
    ==========================================  =============  =============  ======

    The called names and the date term read cues the demo does not have
    (speaker labels, days named in the question): they gain on each half of
    the real chats at both depths and leave the demo as it was. The time term
    (a question asking when; a turn saying when) lifts recall@5 on every half
    of both sets and keeps recall@10 level or higher. Lexical pseudo-relevance
    feedback, the next turn's score and answer-type terms for "how many" and
    "where" were measured with them and not kept (docs/benchmarks.md, "Names
    people are called by, the days questions name, questions asking when").

    Measured on a replay of the arms outside the product and not kept (none
    gained on both files at both depths by more than 0.003; docs/benchmarks.md,
    "Retrieval quality", has the figures): query expansion of the lexical arm
    from wordllama's own token table (lifts the lexical arm, not the hybrid:
    the vector arm already bridges those words); the neighbours' terms in a
    turn's BM25 (the previous-turn step does that job); a logistic regression
    over 14 features, and coordinate ascent fitted on one set alone (each
    helps one set at the other's expense); the vectors centred on the
    conversation's mean, also with the five hybrid weights refitted around
    them (vector arm +0.061 / +0.026 at depth 10; hybrid: the demo gains up
    to 0.02, the real chats lose 0.001-0.004 at depth 10); token-weighted pooling;
    diversity (MMR) over the top 30; the named speaker's name taken out of the
    query, and credit between consecutive turns of one speaker.
    """

    # "score": a weighted sum of each arm's scores mapped onto [0, 1];
    # "rrf": reciprocal rank fusion, weight / (rrf_k + rank) per arm.
    fusion: Literal["score", "rrf"] = "score"
    vector_weight: float = 0.35
    lexical_weight: float = 0.65
    rrf_k: int = 10
    # Hybrid only: a turn gains this share of the fused score of the turn before
    # it (an answer follows its question); 0 turns it off.
    previous_turn_weight: float = 0.15
    # Hybrid only, added after the previous-turn step (see _add_turn_terms): a turn said by a
    # speaker the question names (its "Name:" prefix) gains speaker_weight; a turn that ends
    # with a question mark loses question_weight (a question seldom holds the answer); every
    # turn gains length_weight * ln(1 + its words) (a longer turn says more). 0 turns each off.
    speaker_weight: float = 0.35
    question_weight: float = 0.05
    length_weight: float = 0.05
    # Hybrid only: a question may name a speaker by a name the others call them by
    # (speaker_names.called_names), not only by their label; false reads labels alone.
    called_names: bool = True
    # Hybrid only: a turn said from date_days_before days before to date_days_after days after
    # a day the question names ("on 3 March 2025", query_dates) gains date_weight; 0 turns it off.
    date_weight: float = 0.3
    date_days_before: int = 1
    date_days_after: int = 2
    # Hybrid only: for a question asking when, a turn that says when (a day, a date, a time,
    # "yesterday", "last week": answer_cues) gains time_weight; 0 turns it off.
    time_weight: float = 0.1
    # "bm25" (inverse document frequency over the conversation's own entries),
    # or PostgreSQL's "ts_rank" / "ts_rank_cd" (no document frequency).
    lexical_rank: Literal["ts_rank", "ts_rank_cd", "bm25"] = "bm25"
    bm25_k1: float = 1.2
    # BM25's length normalisation; 0 (none) won, as it did for ts_rank.
    bm25_b: float = 0.0
    # ts_rank's normalisation bit mask; 0 (none) won.
    rank_normalization: int = 0
    exact_first: bool = True

    def __post_init__(self) -> None:
        if self.fusion not in ("score", "rrf"):
            raise ValueError("fusion must be score or rrf.")
        if self.lexical_rank not in LEXICAL_RANKS:
            raise ValueError(f"lexical_rank must be one of {', '.join(LEXICAL_RANKS)}.")
        weights = (
            self.vector_weight,
            self.lexical_weight,
            self.previous_turn_weight,
            self.speaker_weight,
            self.question_weight,
            self.length_weight,
            self.date_weight,
            self.time_weight,
            self.date_days_before,
            self.date_days_after,
        )
        if min(self.rrf_k, *weights) < 0:
            raise ValueError("rrf_k and the weights cannot be negative.")

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)

    def describe(self) -> str:
        return ", ".join(f"{name}={value}" for name, value in self.as_dict().items())


DEFAULT_TUNING = SearchTuning()
