"""The residue scan looks for a forgotten turn's embedding among the index entries that stay.

The index keeps embeddings in half precision; the request's probes are copied
from it, so a turn said again word for word has the very same vector, and a
turn that differs by one character does not.
"""

import pytest

from conversations.retrieval import index_turns
from memadmin.providers.embedders import get_embedder
from privacy import forget
from privacy.forget import forget_request_approve
from privacy.models import ForgetRequest
from tests.factories import ConversationFactory, TurnFactory
from tests.privacy.conftest import ask

GATE = "The side gate code is 7302, ring Marisol if it sticks."


def conversation(fourth_turn: str):
    chat = ConversationFactory(subject_id="cust-gate")
    lines = ["Hello, it's about the garden delivery.", GATE, "Which gate should the driver use?", fourth_turn]
    for seq, content in enumerate(lines, start=1):
        TurnFactory(conversation=chat, seq=seq, role="user" if seq % 2 else "assistant", content=content)
    index_turns(conversation=chat, embedder=get_embedder("wordllama"))
    return chat


@pytest.fixture
def forget_second_turn(privacy_user, second_privacy_user, django_capture_on_commit_callbacks):
    def run(chat):
        request = ask(privacy_user, "turns", conversation=chat, turn_seqs=(2,))
        with django_capture_on_commit_callbacks(execute=False):
            forget_request_approve(request=request, actor=second_privacy_user, note="identity checked")
        return request

    return run


@pytest.mark.django_db
class TestTheForgottenTurnSaidAgain:
    def test_its_embedding_left_in_the_index_is_residue(self, forget_second_turn):
        request = forget_second_turn(conversation(fourth_turn=GATE))

        with pytest.raises(forget.ResidueFound):
            forget.forget_execute(request_id=request.pk)

        request.refresh_from_db()
        assert request.status == ForgetRequest.Status.FAILED
        assert request.error.endswith("retrieval index 1")

    def test_a_turn_that_differs_is_no_residue(self, forget_second_turn):
        request = forget_second_turn(conversation(fourth_turn=GATE.replace("7302", "7303")))

        done = forget.forget_execute(request_id=request.pk)

        assert done.status == ForgetRequest.Status.COMPLETED, done.error
        stores = {row["store"]: row for row in done.receipt.document["stores"]}
        assert (stores["retrieval index"]["removed"], stores["retrieval index"]["residue"]) == (1, 0)
