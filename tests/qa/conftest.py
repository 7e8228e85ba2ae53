import pytest

from memadmin.permissions import Role
from tests.factories import ConversationFactory, UserFactory
from tests.qa.scenario import SHORT, turns_of


@pytest.fixture
def short():
    """The short scenario conversation (tests.qa.scenario.SHORT), its turns stored."""
    conversation = ConversationFactory(external_id="short")
    turns_of(conversation, SHORT)
    return conversation


@pytest.fixture
def second_qa():
    """A second annotator, for the four-eyes rules."""
    return UserFactory(username="quentin-qa", roles=[Role.QA])
