"""A question may name a chat's speaker by the name the others call them, not by their label."""

from datetime import timedelta
from functools import partial

import pytest
from django.utils import timezone

from conversations.search_tuning import SearchTuning
from conversations.speaker_names import called_names, named_speakers, unlabelled_names
from memadmin.permissions import Role
from privacy.forget import RequestInput, forget_execute, forget_request_approve, forget_request_create
from tests.conversations.test_retrieval_ranking import indexed, seq_in
from tests.conversations.test_retrieval_ranking import ranked as ranked_by
from tests.factories import UserFactory

# Marguerite's friends call her Daisy; her label says Marguerite.
GARDEN_CHAT = [
    ("user", "Oskar: hey Daisy! how was the weekend?"),
    ("assistant", "Marguerite: lovely, I planted tulips along the fence on Sunday"),
    ("user", "Oskar: that sounds great, Daisy."),
    ("user", "Oskar: on Sunday I planted nothing, I repainted the shed and planted myself on the sofa"),
    ("assistant", "Marguerite: ha, well deserved"),
    ("user", "Oskar: thanks Daisy"),
    ("assistant", "Marguerite: are you coming to the allotment on Tuesday?"),
    ("user", "Oskar: maybe, I will text you"),
    ("assistant", "Marguerite: sure, no rush"),
    ("user", "Oskar: good morning Daisy, the shed is dry now"),
    ("assistant", "Marguerite: nice, send a picture"),
    ("user", "Oskar: here it is"),
]
QUESTION = "What did Daisy plant on Sunday?"
TULIPS = "planted tulips"
SHED = "repainted the shed"


ranked = partial(ranked_by, k=12)


@pytest.mark.django_db
class TestCalledNames:
    def test_a_question_using_the_name_the_other_speaker_calls_her_is_about_her(self, embedder):
        conversation = indexed(GARDEN_CHAT, embedder)

        order, hits = ranked(conversation, QUESTION, embedder)
        plain, _ = ranked(conversation, QUESTION, embedder, called_names=False)

        tulips, shed = seq_in(GARDEN_CHAT, TULIPS), seq_in(GARDEN_CHAT, SHED)
        assert order.index(tulips) < order.index(shed)
        # By the labels alone "Daisy" names no one, and Oskar's turn, richer in the question's words, wins.
        assert plain.index(shed) < plain.index(tulips)
        assert hits[tulips].speaker == "Marguerite"
        assert hits[tulips].speaker_score == SearchTuning().speaker_weight
        assert hits[shed].speaker_score == 0.0

    def test_the_name_is_learnt_from_vocatives_said_to_the_next_speaker(self):
        conversation = indexed_plain(GARDEN_CHAT)
        speakers = {"Oskar", "Marguerite"}

        assert called_names(conversation.pk, ["Daisy"], speakers) == {"Daisy": "Marguerite"}
        assert named_speakers(QUESTION, speakers, {"Daisy": "Marguerite"}) == {"Marguerite"}
        # Naming both people, by label and by the name she is called, boosts no one.
        assert (
            named_speakers("Did Oskar and Daisy plant anything?", speakers, {"Daisy": "Marguerite"}) == set()
        )

    def test_a_name_said_fewer_than_three_times_is_not_learnt(self):
        conversation = indexed_plain(GARDEN_CHAT[:4])

        assert called_names(conversation.pk, ["Daisy"], {"Oskar", "Marguerite"}) == {}

    def test_introducing_oneself_counts_for_the_speaker(self):
        chat = [
            ("user", "Robert: hi, I'm Bobby, nice to meet you"),
            ("assistant", "Ann: hello Bobby!"),
            ("user", "Robert: what do you do?"),
            ("assistant", "Ann: I teach, and you, Bobby?"),
            ("user", "Robert: I fix bikes"),
        ]
        conversation = indexed_plain(chat)

        assert called_names(conversation.pk, ["Bobby"], {"Robert", "Ann"}) == {"Bobby": "Robert"}

    def test_a_place_after_a_comma_or_a_word_both_say_is_no_ones_name(self):
        chat = [
            ("user", "Lena: we flew to Porto, Portugal."),
            ("assistant", "Tomas: oh nice"),
            ("user", "Lena: then a train to Braga, Portugal."),
            ("assistant", "Tomas: I was in Lisbon, Portugal."),
            ("user", "Lena: and we drove to Faro, Portugal."),
            ("assistant", "Tomas: lovely, Portugal!"),
            ("user", "Lena: hi Portugal, I said, as we landed"),
            ("assistant", "Tomas: ha"),
            ("user", "Lena: bye Portugal!"),
            ("assistant", "Tomas: I miss Portugal"),
            ("user", "Lena: thanks Portugal"),
            ("assistant", "Tomas: Portugal is great"),
        ]
        conversation = indexed_plain(chat)

        # "Porto, Portugal." is a place after a place; the greetings are said to Tomas, who says
        # the word himself in as many turns: a shared word, not his name.
        assert called_names(conversation.pk, ["Portugal"], {"Lena", "Tomas"}) == {}

    def test_only_capitalised_words_naming_no_speaker_are_looked_up(self):
        speakers = {"Oskar", "Marguerite"}

        assert unlabelled_names("What did Daisy and Oskar plant on Sunday?", speakers) == ["Daisy", "Sunday"]
        assert unlabelled_names("what did daisy plant?", speakers) == []
        assert unlabelled_names("When did Marguerit plant tulips?", speakers) == []


@pytest.mark.django_db
def test_a_forgotten_name_no_longer_names_anyone(embedder, privacy_user):
    """Nothing is stored: once the name is forgotten from the turns, the question names no one."""
    conversation = indexed(GARDEN_CHAT, embedder)
    _, before = ranked(conversation, QUESTION, embedder)
    tulips = seq_in(GARDEN_CHAT, TULIPS)
    assert before[tulips].speaker_score > 0

    request = forget_request_create(
        actor=privacy_user,
        data=RequestInput(
            scope="value",
            legal_basis="erasure",
            reason="The subject asked for her nickname to be erased",
            deadline=timezone.localdate() + timedelta(days=30),
            subject_id=conversation.subject_id,
            phrases=("Daisy",),
        ),
    )
    forget_request_approve(
        request=request, actor=UserFactory(username="second-officer", roles=[Role.PRIVACY]), note="checked"
    )
    done = forget_execute(request_id=request.pk)  # what the worker runs once it is approved
    assert done.status == "completed", done.status

    assert called_names(conversation.pk, ["Daisy"], {"Oskar", "Marguerite"}) == {}
    _, after = ranked(conversation, QUESTION, embedder)
    assert all(hit.speaker_score == 0.0 for hit in after.values())


def indexed_plain(lines):
    """The conversation's turns alone: ``called_names`` reads the turns, not the index."""
    from tests.factories import ConversationFactory, TurnFactory

    conversation = ConversationFactory()
    for seq, (role, content) in enumerate(lines, start=1):
        TurnFactory(conversation=conversation, seq=seq, role=role, content=content)
    return conversation
