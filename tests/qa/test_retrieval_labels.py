"""Questions labelled in the dashboard are measured by eval_retrieval --labelled."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from qa import services
from tests.factories import ConversationFactory
from tests.qa.scenario import turns_of

pytestmark = pytest.mark.django_db


def test_eval_retrieval_measures_questions_labelled_in_the_dashboard(qa_user):
    conversation = ConversationFactory()
    turns_of(
        conversation,
        [
            ("user", "Hello, I need help with a parcel."),
            ("assistant", "Of course. What is the tracking number?"),
            ("user", "The tracking number is ZX-99812 and it went to the Harrogate depot."),
            ("assistant", "Thanks, I can see it is delayed."),
        ],
    )
    services.labelled_query_add(
        conversation=conversation, actor=qa_user, query="Which depot did ZX-99812 go to?", evidence_seqs=[3]
    )
    out = io.StringIO()

    call_command("eval_retrieval", "--labelled", "--json", "--mode", "lexical", stdout=out)

    [measured] = json.loads(out.getvalue())["files"]
    overall = measured["modes"]["lexical"]["overall"]
    assert (measured["file"], measured["conversations"], overall["queries"]) == ("labelled questions", 1, 1)
    assert overall["recall@5"] == 1.0


def test_files_or_labelled_but_one_of_them():
    with pytest.raises(CommandError, match="--labelled"):
        call_command("eval_retrieval")
    with pytest.raises(CommandError, match="No stored conversation has a labelled question"):
        call_command("eval_retrieval", "--labelled")
