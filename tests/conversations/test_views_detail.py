import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from conversations import detail
from facts.models import PinnedFact
from tests.conversations.detail_data import ADDRESS_TURN, build_conversation
from tests.factories import ConversationFactory


def url(conversation) -> str:
    return f"/conversations/{conversation.pk}/"


def htmx(client, path, target, **params):
    return client.get(path, params, HTTP_HX_REQUEST="true", HTTP_HX_TARGET=target)


@pytest.fixture
def conversation(db):
    return build_conversation(turns=120, facts=4)


@pytest.mark.django_db
class TestWhoMayOpenIt:
    def test_it_requires_sign_in(self, client, conversation):
        response = client.get(url(conversation))

        assert response.status_code == 302
        assert response["Location"].startswith("/login/")

    @pytest.mark.parametrize("persona", ["outsider", "service_user"])
    def test_the_chat_service_and_outsiders_get_403_naming_the_role(
        self, request, client, persona, conversation
    ):
        client.force_login(request.getfixturevalue(persona))

        response = client.get(url(conversation))

        assert response.status_code == 403
        assert b"needs one of the roles support, qa, privacy or admin" in response.content

    @pytest.mark.parametrize("persona", ["support_user", "qa_user", "privacy_user", "admin_user"])
    def test_every_staff_role_reads_it(self, request, client, persona, conversation):
        client.force_login(request.getfixturevalue(persona))

        response = client.get(url(conversation))

        assert response.status_code == 200
        assert conversation.external_id.encode() in response.content

    def test_an_unknown_id_is_404(self, client, support_user):
        client.force_login(support_user)

        assert client.get("/conversations/987654/").status_code == 404

    def test_an_unknown_id_is_403_before_404_for_outsiders(self, client, outsider):
        # An outsider learns nothing about which ids exist.
        client.force_login(outsider)

        assert client.get("/conversations/987654/").status_code == 403

    def test_it_rejects_post(self, client, support_user, conversation):
        client.force_login(support_user)

        assert client.post(url(conversation)).status_code == 405


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

    def test_a_tool_call_is_shown_with_its_result_in_its_turn(self, client, support_user, conversation):
        client.force_login(support_user)

        body = client.get(url(conversation), {"seq": 4}).content.decode()

        turn = body[body.index('id="turn-4"') : body.index('id="turn-5"')]
        assert "lookup_order" in turn and "ORD-69591" in turn and "shipped" in turn


@pytest.mark.django_db
class TestFactSourceLink:
    def test_it_marks_the_exact_words_of_the_fact(self, client, support_user, conversation):
        fact = PinnedFact.objects.get(conversation=conversation, status="active", key="shipping_address")
        client.force_login(support_user)

        body = htmx(client, url(conversation), "transcript", seq=31, mark=fact.pk).content.decode()

        assert '<mark id="marked-span">118 Station Road, Norwich NR2 2HR</mark>' in body
        assert "Change of plan: please ship everything to <mark" in body

    def test_a_fact_of_another_conversation_marks_nothing(self, client, support_user, conversation):
        other = build_conversation(turns=40)
        foreign = PinnedFact.objects.filter(conversation=other).first()
        client.force_login(support_user)

        body = client.get(url(conversation), {"seq": 31, "mark": foreign.pk}).content.decode()

        assert "<mark" not in body

    def test_a_wrong_span_falls_back_to_the_value(self):
        fact = PinnedFact(value="118 Station Road", span_start=0, span_end=5)

        assert "<mark" in detail.marked_content(ADDRESS_TURN, fact)
        assert ">118 Station Road</mark>" in detail.marked_content(ADDRESS_TURN, fact)

    def test_marked_content_escapes_every_part(self):
        content = "<b>before</b> <script>alert(1)</script> after"
        fact = PinnedFact(value="<script>alert(1)</script>", span_start=14, span_end=39)

        marked = detail.marked_content(content, fact)

        assert marked == (
            "&lt;b&gt;before&lt;/b&gt; "
            '<mark id="marked-span">&lt;script&gt;alert(1)&lt;/script&gt;</mark> after'
        )


@pytest.mark.django_db
class TestFactsPanel:
    def test_a_superseded_value_lives_in_the_card_of_its_successor(self, client, support_user, conversation):
        client.force_login(support_user)

        cards = client.get(url(conversation)).context["cards"]

        address = next(card for card in cards if card.fact.key == "shipping_address")
        assert address.fact.value == "118 Station Road, Norwich NR2 2HR"
        assert [f.value for f in address.earlier] == ["Flat 2, 109 Beech Crescent"]
        assert [row.revision.action for row in address.history] == ["extracted", "superseded", "extracted"]
        assert not any(card.fact.value == "Flat 2, 109 Beech Crescent" for card in cards)

    def test_each_card_has_its_id_and_the_actions_slot(self, client, support_user, conversation):
        client.force_login(support_user)

        body = client.get(url(conversation)).content.decode()

        for fact in PinnedFact.objects.filter(conversation=conversation).exclude(status="superseded"):
            card = body[body.index(f'id="fact-card-{fact.pk}"') :]
            assert '<div class="fact-actions"></div>' in card[: card.index("</article>")]
        assert 'id="memory-actions"' in body

    def test_a_staff_fact_shows_who_set_it(self, client, support_user):
        conversation = build_conversation(turns=40, staff=support_user)
        client.force_login(support_user)

        body = client.get(url(conversation)).content.decode()

        assert "staff · sam-support" in body
        assert "customer confirmed on the phone" in body

    def test_a_fact_card_fragment_is_the_card_alone(self, client, support_user, conversation):
        fact = PinnedFact.objects.get(conversation=conversation, status="active", key="shipping_address")
        client.force_login(support_user)

        body = htmx(client, url(conversation), f"fact-card-{fact.pk}").content.decode()

        assert body.lstrip().startswith(f'<article id="fact-card-{fact.pk}"')
        assert "Flat 2, 109 Beech Crescent" in body  # its history

    def test_a_fact_card_of_another_conversation_is_404(self, client, support_user, conversation):
        other = build_conversation(turns=40)
        foreign = PinnedFact.objects.filter(conversation=other).first()
        client.force_login(support_user)

        assert htmx(client, url(conversation), f"fact-card-{foreign.pk}").status_code == 404

    def test_an_empty_conversation_says_what_would_fill_each_panel(self, client, support_user):
        conversation = ConversationFactory()
        client.force_login(support_user)

        body = client.get(url(conversation)).content.decode()

        assert "No turns yet" in body
        assert "No facts pinned yet" in body
        assert "No rolling summary yet" in body


@pytest.mark.django_db
class TestQueryCount:
    def test_ten_times_the_turns_and_facts_costs_the_same_queries(self, client, support_user):
        small = build_conversation(turns=60, facts=5)
        large = build_conversation(turns=600, facts=50)
        client.force_login(support_user)
        client.get(url(small))  # warm the session and content types

        with CaptureQueriesContext(connection) as few:
            client.get(url(small), {"seq": 31})
        with CaptureQueriesContext(connection) as many:
            client.get(url(large), {"seq": 31})

        assert len(many) == len(few)
        assert len(many) <= 25

    @pytest.mark.parametrize("target", ["load-earlier", "load-later", "transcript"])
    def test_fragments_cost_the_same_queries_at_ten_times_the_size(self, client, support_user, target):
        small = build_conversation(turns=60, facts=5)
        large = build_conversation(turns=600, facts=50)
        client.force_login(support_user)
        client.get(url(small))

        with CaptureQueriesContext(connection) as few:
            htmx(client, url(small), target, before=55, after=5, seq=30)
        with CaptureQueriesContext(connection) as many:
            htmx(client, url(large), target, before=550, after=50, seq=300)

        assert len(many) == len(few)
