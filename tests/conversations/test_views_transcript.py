"""The conversation page's transcript: the window of turns around a turn, moving through it, jumping to a
turn, and the summaries' watermarks said where they fall outside the window."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from conversations import detail
from conversations.models import Summary, Turn
from tests.conversations.detail_data import build_conversation, htmx, url
from tests.factories import ConversationFactory


@pytest.fixture
def conversation(db):
    return build_conversation(turns=120, facts=4)


@pytest.mark.django_db
class TestTranscriptWindow:
    def test_it_opens_on_the_last_turns(self, client, support_user, conversation):
        client.force_login(support_user)

        window = client.get(url(conversation)).context["window"]

        assert [row.turn.seq for row in window.rows] == list(range(71, 121))
        assert window.has_earlier and not window.has_later

    def test_it_opens_around_a_seq(self, client, support_user, conversation):
        client.force_login(support_user)

        response = client.get(url(conversation), {"seq": 40})

        window = response.context["window"]
        seqs = [row.turn.seq for row in window.rows]
        assert seqs[0] == 40 - detail.AROUND_BEFORE and 40 in seqs and len(seqs) == detail.WINDOW
        assert window.has_earlier and window.has_later
        assert b'id="turn-40" class="turn role-assistant is-target"' in response.content

    def test_a_seq_that_is_not_a_number_opens_the_last_turns(self, client, support_user, conversation):
        client.force_login(support_user)

        response = client.get(url(conversation), {"seq": "forty"})

        assert response.status_code == 200
        assert response.context["window"].rows[-1].turn.seq == 120

    def test_a_seq_past_the_end_says_there_is_no_such_turn(self, client, support_user, conversation):
        client.force_login(support_user)

        response = client.get(url(conversation), {"seq": 5000})

        assert b"No turn 5000" in response.content

    def test_load_earlier_returns_the_turns_before_and_a_new_control(
        self, client, support_user, conversation
    ):
        client.force_login(support_user)

        response = htmx(client, url(conversation), "load-earlier", before=71)

        body = response.content.decode()
        assert "<html" not in body
        assert body.lstrip().startswith('<div id="load-earlier"')
        assert "before=21" in body
        assert 'id="turn-21"' in body and 'id="turn-70"' in body and 'id="turn-71"' not in body

    def test_load_earlier_at_the_start_has_no_control(self, client, support_user, conversation):
        client.force_login(support_user)

        body = htmx(client, url(conversation), "load-earlier", before=21).content.decode()

        assert 'id="load-earlier"' not in body
        assert 'id="turn-1"' in body and 'id="turn-20"' in body

    def test_load_later_returns_the_turns_after(self, client, support_user, conversation):
        client.force_login(support_user)

        body = htmx(client, url(conversation), "load-later", after=60).content.decode()

        assert 'id="turn-61"' in body and 'id="turn-110"' in body and 'id="turn-111"' not in body
        assert 'id="load-later"' in body and "after=110" in body

    def test_jump_without_javascript_redirects_to_the_turn(self, client, support_user, conversation):
        client.force_login(support_user)

        response = client.get(url(conversation), {"jump": 31})

        assert response.status_code == 302
        assert response["Location"] == f"{url(conversation)}?seq=31#turn-31"

    def test_jump_with_htmx_returns_the_transcript_around_the_turn(self, client, support_user, conversation):
        client.force_login(support_user)

        body = htmx(client, url(conversation), "transcript", jump=31).content.decode()

        assert body.lstrip().startswith('<div id="transcript"')
        assert 'id="turn-31" class="turn role-user is-target"' in body
        assert "<html" not in body

    @pytest.mark.parametrize(
        ("typed", "said"),
        [
            ("121", "No turn 121: this conversation has 120 turns."),
            ("99999999999999999999", "No turn 99,999,999,999,999,999,999: this conversation has 120 turns."),
            ("0", "Type a turn number from 1 to 120."),
            ("-4", "Type a turn number from 1 to 120."),
            ("2.5", "Type a turn number from 1 to 120."),
            ("", "Type a turn number from 1 to 120."),
            ("٣", "Type a turn number from 1 to 120."),
        ],
    )
    def test_a_jump_past_the_last_turn_is_refused_in_the_box(
        self, client, support_user, conversation, typed, said
    ):
        client.force_login(support_user)

        response = htmx(client, url(conversation), "transcript", jump=typed)

        # Only the box is replaced, the address stays, and the transcript shown stays as it was.
        assert response.status_code == 422
        assert response["HX-Retarget"] == "#jump-form"
        assert response["HX-Reswap"] == "outerHTML"
        assert response["HX-Push-Url"] == "false"
        body = response.content.decode()
        assert body.lstrip().startswith('<form id="jump-form"')
        assert f'<p class="field-error" id="jump-error" role="alert">{said}</p>' in body
        assert 'aria-invalid="true" aria-describedby="jump-error"' in body
        assert 'id="turn-' not in body

    def test_a_jump_past_the_last_turn_without_javascript_is_refused_on_the_page(
        self, client, support_user, conversation
    ):
        client.force_login(support_user)

        response = client.get(url(conversation), {"jump": 500})

        assert response.status_code == 422
        body = response.content.decode()
        assert "No turn 500: this conversation has 120 turns." in body
        assert 'value="500" aria-invalid="true"' in body
        # The transcript opens where it opens by default: on the last turns, none of them a target.
        assert 'id="turn-120"' in body and "is-target" not in body and "No turn 500 in" not in body

    def test_a_jump_names_the_last_turn_when_numbers_are_missing(self, client, support_user, conversation):
        Turn.objects.filter(conversation=conversation, seq__in=[3, 4]).delete()
        client.force_login(support_user)

        body = htmx(client, url(conversation), "transcript", jump=130).content.decode()
        assert "No turn 130: this conversation has 118 turns, the last is turn 120." in body
        # A missing number inside the range opens the turns nearest to it.
        response = htmx(client, url(conversation), "transcript", jump=3)
        assert response.status_code == 200
        assert "No turn 3 in this conversation" in response.content.decode()

    def test_a_jump_in_a_conversation_without_turns_says_so(self, client, support_user):
        empty = ConversationFactory()
        client.force_login(support_user)

        response = htmx(client, url(empty), "transcript", jump=1)

        assert response.status_code == 422
        assert "This conversation has no turns yet." in response.content.decode()

    def test_watermarks_are_drawn_after_the_turn_they_cover(self, client, support_user, conversation):
        client.force_login(support_user)

        body = client.get(url(conversation), {"seq": 110}).content.decode()

        rule = body.index("rolling summary v2 covers turns 1–120")
        assert body.index('id="turn-120"') < rule
        assert "durable summary v2 covers turns 1–120" in body

    def test_a_watermark_inside_the_window_is_drawn_between_its_turns(self, client, support_user):
        conversation = build_conversation(turns=125)
        client.force_login(support_user)

        body = client.get(url(conversation)).content.decode()

        rule = body.index("rolling summary v2 covers turns 1–120")
        assert body.index('id="turn-120"') < rule < body.index('id="turn-121"')

    def test_the_watermarks_fragment_holds_each_current_rule_to_redraw(self, client, support_user):
        conversation = build_conversation(turns=125)
        client.force_login(support_user)

        with CaptureQueriesContext(connection) as queries:
            body = htmx(client, url(conversation), "transcript-watermarks").content.decode()

        assert body.lstrip().startswith('<div id="transcript-watermarks" hidden')
        assert 'hx-trigger="memory-changed from:body"' in body
        template = body[body.index("<template>") : body.index("</template>")]
        assert 'data-kind="rolling" data-upto="120"' in template
        assert "rolling summary v2 covers turns 1–120" in template
        assert "durable summary v2 covers turns 1–120" in template
        assert "<article" not in body  # no turns: the ones on the page stay as they are
        assert len(queries) <= 6

    def test_a_tool_call_is_shown_with_its_result_in_its_turn(self, client, support_user, conversation):
        client.force_login(support_user)

        body = client.get(url(conversation), {"seq": 4}).content.decode()

        turn = body[body.index('id="turn-4"') : body.index('id="turn-5"')]
        assert "lookup_order" in turn and "ORD-69591" in turn and "shipped" in turn


@pytest.mark.django_db
class TestWatermarksOutsideTheWindow:
    def test_a_watermark_above_the_window_is_named_with_a_link_to_it(
        self, client, support_user, conversation
    ):
        Summary.objects.filter(conversation=conversation, kind="rolling", version=2).update(upto_seq=60)
        client.force_login(support_user)

        body = client.get(url(conversation)).content.decode()

        assert 'rolling summary v2 covers turns 1–60, in <span class="where">earlier</span> turns' in body
        assert f'href="{url(conversation)}?seq=60#turn-60"' in body
        assert "durable summary v2 covers turns 1–120</span>" in body  # drawn as a rule


@pytest.mark.django_db
def test_near_the_start_the_window_fills_up_with_later_turns(conversation):
    window = detail.transcript_window(conversation, around=3)

    assert [row.turn.seq for row in window.rows] == list(range(1, 51))
    assert not window.has_earlier and window.has_later
