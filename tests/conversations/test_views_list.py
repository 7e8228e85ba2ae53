import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from conversations.memory import ProviderEmbedder
from conversations.models import MemoryState, RefreshRun, Summary
from conversations.retrieval import index_turns
from facts.models import PinnedFact
from memadmin.providers import get_provider
from tests.factories import ConversationFactory, TurnFactory

URL = "/"


@pytest.fixture
def conversations(db):
    made = []
    for number in range(30):
        conversation = ConversationFactory(external_id=f"c-{number:03d}", subject_id=f"cust-{number % 5}")
        for seq in range(1, 4):
            TurnFactory(conversation=conversation, seq=seq)
        made.append(conversation)
    return made


@pytest.mark.django_db
class TestConversationList:
    def test_it_requires_sign_in(self, client):
        response = client.get(URL)

        assert response.status_code == 302
        assert response["Location"].startswith("/login/")

    def test_a_user_without_a_role_gets_403(self, client, outsider):
        client.force_login(outsider)

        assert client.get(URL).status_code == 403

    def test_the_chat_service_account_gets_403(self, client, service_user):
        client.force_login(service_user)

        assert client.get(URL).status_code == 403

    @pytest.mark.parametrize("persona", ["support_user", "qa_user", "privacy_user", "admin_user"])
    def test_every_staff_role_sees_the_list(self, request, client, persona, conversations):
        client.force_login(request.getfixturevalue(persona))

        response = client.get(URL)

        assert response.status_code == 200
        assert b"c-029" in response.content

    def test_it_shows_turn_counts(self, client, support_user, conversations):
        client.force_login(support_user)

        response = client.get(URL)

        row = dict(response.context["rows"])[conversations[0]]
        assert row["turn_count"] == 3

    def test_search_matches_external_id_subject_and_title(self, client, support_user, conversations):
        client.force_login(support_user)

        response = client.get(URL, {"q": "cust-3"})

        assert {c.external_id for c, _ in response.context["rows"]} == {f"c-{n:03d}" for n in range(3, 30, 5)}

    def test_an_htmx_request_for_the_table_gets_only_the_table(self, client, support_user, conversations):
        client.force_login(support_user)

        response = client.get(URL, {"q": "c-00"}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="conversation-table")

        body = response.content.decode()
        assert body.lstrip().startswith('<div id="conversation-table">')
        assert "<html" not in body

    def test_it_rejects_post(self, client, support_user):
        client.force_login(support_user)

        assert client.post(URL).status_code == 405

    def test_the_query_count_does_not_grow_with_the_page(self, client, support_user, conversations):
        client.force_login(support_user)
        client.get(URL)  # warm the session and content types

        with CaptureQueriesContext(connection) as few:
            client.get(URL, {"q": "cust-1"})
        with CaptureQueriesContext(connection) as many:
            client.get(URL)

        assert len(many) == len(few)
        assert len(many) <= 6


def index(conversation) -> None:
    """Put the conversation's turns in the retrieval index, with the configured (local) embedder."""
    index_turns(conversation=conversation, embedder=ProviderEmbedder(get_provider()))


def summary(conversation, *, version: int, upto_seq: int, stale_values=(), kind="rolling") -> Summary:
    return Summary.objects.create(
        conversation=conversation,
        kind=kind,
        version=version,
        upto_seq=upto_seq,
        body="…",
        provider="local",
        model="extractive",
        stale_values=list(stale_values),
    )


def run(conversation, outcome: str) -> RefreshRun:
    return RefreshRun.objects.create(
        conversation=conversation, trigger="boundary", started_version=0, target_upto_seq=0, outcome=outcome
    )


def fact(conversation, value: str, **kwargs) -> PinnedFact:
    return PinnedFact.objects.create(
        conversation=conversation,
        type="identifier",
        key=kwargs.pop("key", "order_id"),
        value=value,
        source_seq=1,
        origin="extractor",
        **kwargs,
    )


def listed(response) -> list[str]:
    return [conversation.external_id for conversation, _ in response.context["rows"]]


@pytest.fixture
def signed_in(client, support_user):
    client.force_login(support_user)
    return client


@pytest.mark.django_db
class TestRowsOpenTheirConversation:
    def test_every_row_links_to_its_detail_page(self, signed_in, conversations):
        response = signed_in.get(URL)

        for conversation in conversations:
            assert (
                f'href="{reverse("conversations:detail", args=[conversation.pk])}"'
                in response.content.decode()
            )

    def test_a_refusal_names_the_roles_that_may_see_the_list(self, client, outsider):
        client.force_login(outsider)

        response = client.get(URL)

        assert response.status_code == 403
        assert "This needs the support, qa, privacy or admin role." in response.content.decode()


@pytest.mark.django_db
class TestOpenByTheIdOnATicket:
    """The box in the top bar: an external id or a subject id opens the conversation it names."""

    def test_an_external_id_opens_its_conversation_whatever_its_case(self, signed_in):
        wanted = ConversationFactory(external_id="Chat-2026-0042", subject_id="cust-7")
        ConversationFactory(external_id="chat-2026-00421", subject_id="cust-8")

        response = signed_in.get(URL, {"q": " chat-2026-0042 ", "open": "1"})

        assert response.status_code == 302
        assert response["Location"] == reverse("conversations:detail", args=[wanted.pk])

    def test_a_subject_with_one_conversation_opens_it(self, signed_in):
        wanted = ConversationFactory(external_id="x-1", subject_id="CUST-914")

        response = signed_in.get(URL, {"q": "cust-914", "open": "1"})

        assert response["Location"] == reverse("conversations:detail", args=[wanted.pk])

    def test_a_subject_with_several_conversations_lists_them(self, signed_in):
        first = ConversationFactory(external_id="x-1", subject_id="cust-5")
        second = ConversationFactory(external_id="x-2", subject_id="cust-5")

        response = signed_in.get(URL, {"q": "cust-5", "open": "1"})

        assert response.status_code == 200
        shown = [conversation for conversation, _ in response.context["rows"]]
        assert sorted(c.pk for c in shown) == sorted([first.pk, second.pk])
        assert 'value="cust-5"' in response.content.decode()

    def test_an_id_that_names_nothing_says_so_in_the_list(self, signed_in, conversations):
        response = signed_in.get(URL, {"q": "no-such-ticket-id", "open": "1"})

        assert response.status_code == 200
        assert "No conversations match “no-such-ticket-id”" in response.content.decode()

    def test_without_the_box_an_exact_id_still_lists_rather_than_opens(self, signed_in):
        ConversationFactory(external_id="only-one")

        assert signed_in.get(URL, {"q": "only-one"}).status_code == 200

    def test_the_box_is_in_the_top_bar_of_other_pages_but_not_the_list(self, signed_in):
        assert 'id="goto-q"' in signed_in.get(reverse("audit:list")).content.decode()
        assert 'id="goto-q"' not in signed_in.get(URL).content.decode()

    def test_outsiders_are_refused_before_anything_is_looked_up(self, client, outsider):
        ConversationFactory(external_id="secret-1")
        client.force_login(outsider)

        assert client.get(URL, {"q": "secret-1", "open": "1"}).status_code == 403


@pytest.mark.django_db
class TestSearch:
    def test_an_order_id_finds_the_conversation_whose_fact_holds_it(self, signed_in):
        wanted, other = ConversationFactory(external_id="a"), ConversationFactory(external_id="b")
        fact(wanted, "ORD-69591")
        fact(other, "ORD-69592")

        response = signed_in.get(URL, {"q": "ord-69591"})

        assert listed(response) == ["a"]

    def test_a_case_id_is_found_by_its_normalised_value_too(self, signed_in):
        wanted = ConversationFactory(external_id="a")
        fact(wanted, "case 4471", key="case_id", normalised="CASE-4471")

        assert listed(signed_in.get(URL, {"q": "CASE-4471"})) == ["a"]

    def test_words_said_in_a_turn_find_the_conversation_through_the_index(self, signed_in):
        kettle = ConversationFactory(external_id="kettle")
        TurnFactory(conversation=kettle, seq=1, content="The kettle arrived with a cracked lid.")
        lamp = ConversationFactory(external_id="lamp")
        TurnFactory(conversation=lamp, seq=1, content="The lamp flickers when switched on.")
        index(kettle)
        index(lamp)

        assert listed(signed_in.get(URL, {"q": "cracked kettles"})) == ["kettle"]
        assert listed(signed_in.get(URL, {"q": "flickering"})) == ["lamp"]

    def test_an_identifier_said_in_a_turn_is_found_too(self, signed_in):
        chat = ConversationFactory(external_id="chat")
        TurnFactory(conversation=chat, seq=1, content="My order is ORD-48213, placed on Monday.")
        index(chat)

        assert listed(signed_in.get(URL, {"q": "ORD-48213"})) == ["chat"]

    def test_text_not_indexed_yet_is_not_searched_and_nothing_breaks(self, signed_in):
        chat = ConversationFactory(external_id="chat")
        TurnFactory(conversation=chat, seq=1, content="A sentence about teapots.")

        response = signed_in.get(URL, {"q": "teapots"})

        assert response.status_code == 200
        assert listed(response) == []

    def test_a_query_with_search_syntax_is_read_as_words(self, signed_in):
        response = signed_in.get(URL, {"q": '"unclosed -( or & | ! :*'})

        assert response.status_code == 200

    def test_a_nul_byte_in_the_query_is_refused_with_a_reason(self, signed_in, conversations):
        response = signed_in.get(URL, {"q": "ORD\x00-1"})

        # Refused for every page alike, before any view runs (memadmin/middleware.py).
        assert response.status_code == 400
        assert "&#x27;q&#x27;: the value contains a NUL character" in response.content.decode()

    def test_an_overlong_query_is_refused_with_a_reason(self, signed_in):
        response = signed_in.get(URL, {"q": "x" * 201})

        assert response.status_code == 400
        assert "at most 200 characters" in response.content.decode()


@pytest.fixture
def states(db):
    """Conversations in each state the filters pick out, each 12 turns long."""
    made = {}
    for name in ("fresh", "stale", "failed", "repaired", "flagged", "quoting", "requoted"):
        conversation = ConversationFactory(external_id=name, title="")
        for seq in range(1, 13):
            TurnFactory(conversation=conversation, seq=seq)
        MemoryState.objects.create(conversation=conversation, summary_upto_seq=0 if name == "stale" else 10)
        made[name] = conversation
    run(made["failed"], "committed")
    run(made["failed"], "failed")
    run(made["failed"], "skipped")  # a later skip does not repair a failure
    run(made["repaired"], "failed")
    run(made["repaired"], "committed")
    fact(made["flagged"], "ORD-1", needs_review=True, review_reason="two values")
    summary(made["quoting"], version=1, upto_seq=10, stale_values=["ORD-1"])
    summary(made["requoted"], version=1, upto_seq=10, stale_values=["ORD-1"])
    summary(made["requoted"], version=2, upto_seq=10)  # the current version no longer quotes it
    return made


@pytest.mark.django_db
class TestFilters:
    def test_stale_summary_means_more_turns_since_the_watermark_than_asked(self, signed_in, states):
        assert listed(signed_in.get(URL, {"stale": "1", "stale_over": "5"})) == ["stale"]
        assert set(listed(signed_in.get(URL, {"stale": "1", "stale_over": "1"}))) == set(states)

    def test_failed_refresh_means_the_last_refresh_to_finish_failed(self, signed_in, states):
        assert listed(signed_in.get(URL, {"failed": "1"})) == ["failed"]

    def test_needs_review_means_a_flagged_fact_or_a_current_summary_quoting_a_replaced_value(
        self, signed_in, states
    ):
        assert set(listed(signed_in.get(URL, {"review": "1"}))) == {"flagged", "quoting"}

    def test_filters_combine(self, signed_in, states):
        assert listed(signed_in.get(URL, {"review": "1", "failed": "1"})) == []

    def test_the_counts_say_how_many_each_filter_would_keep(self, signed_in, states):
        response = signed_in.get(URL, {"stale_over": "5", "counts": "1"})

        assert response.context["counts"] == {"all": 7, "stale": 1, "failed": 1, "review": 2, "forget": 0}
        body = response.content.decode()
        # The count says what stale means here: the threshold asked for.
        assert '1 with a stale summary</a> <span class="muted">(over 5 turns behind)</span>' in body
        assert "2 needing review" in body

    def test_a_search_that_finds_nothing_offers_no_counts_of_nothing(self, signed_in, states):
        response = signed_in.get(URL, {"q": "no-such-thing-anywhere", "counts": "1"})

        body = response.content.decode()
        assert response.context["counts"]["all"] == 0
        assert '<span id="filter-counts" class="facets"></span>' in body
        assert "with a stale summary" not in body
        assert "No conversations match “no-such-thing-anywhere”" in body

    def test_the_page_asks_for_the_counts_after_showing_the_rows(self, signed_in, states):
        response = signed_in.get(URL, {"q": "stale"})

        assert response.context["counts"] is None
        body = response.content.decode()
        assert 'id="filter-counts"' in body
        assert 'hx-get="?q=stale"' in body
        assert 'href="?q=stale&amp;counts=1"' in body

    def test_the_counts_fragment_counts_within_the_search(self, signed_in, states):
        response = signed_in.get(
            URL, {"q": "failed", "stale_over": "5"}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="filter-counts"
        )

        body = response.content.decode()
        assert body.lstrip().startswith('<span id="filter-counts"')
        # Nothing narrowed the line before ("1 conversation matching ..."), so no "of 1 found" repeats it.
        assert "found:" not in body
        assert ">0 with a stale summary<" in body
        assert ">1 whose last refresh failed<" in body
        assert ">0 needing review<" in body

    def test_the_counts_say_of_how_many_when_a_filter_narrows_the_list(self, signed_in, states):
        response = signed_in.get(
            URL,
            {"q": "failed", "failed": "1", "stale_over": "5"},
            HTTP_HX_REQUEST="true",
            HTTP_HX_TARGET="filter-counts",
        )

        assert "of 1 found:" in response.content.decode()

    def test_rows_say_why_they_were_picked_in_words(self, signed_in, states):
        body = signed_in.get(URL).content.decode()

        assert "refresh failed" in body
        assert "fact needs review" in body
        assert "summary quotes a replaced value" in body
        assert "12 turns since · stale" in body

    def test_sort_by_turns_since_the_summary(self, signed_in, states):
        assert listed(signed_in.get(URL, {"sort": "behind"}))[0] == "stale"

    def test_sort_by_external_id(self, signed_in, states):
        assert listed(signed_in.get(URL, {"sort": "external_id"})) == sorted(states)

    @pytest.mark.parametrize(
        ("params", "message"),
        [
            ({"sort": "nonsense"}, "<li>Sort: Select a valid choice."),
            ({"stale_over": "many"}, "<li>Turns since its watermark: Enter a whole number.</li>"),
            (
                {"stale_over": "-3"},
                "<li>Turns since its watermark: Ensure this value is greater than or equal to 0.",
            ),
            ({"q": "x" * 201}, "<li>Find: Ensure this value has at most 200 characters"),
        ],
    )
    def test_a_bad_filter_value_is_refused_with_a_reason(self, signed_in, states, params, message):
        response = signed_in.get(URL, params)

        assert response.status_code == 400
        body = response.content.decode()
        # Under the name its box has on the page, as the audit log does, not the field's name in the address.
        assert message in body
        assert f"<code>{next(iter(params))}</code>" not in body
        assert f'<a href="{URL}">Show every conversation</a>' in body  # the way back to the whole list

    def test_a_bad_filter_value_in_a_table_request_gets_the_table_with_the_reason(self, signed_in):
        response = signed_in.get(
            URL, {"sort": "x"}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="conversation-table"
        )

        assert response.status_code == 400
        assert response.content.decode().lstrip().startswith('<div id="conversation-table">')

    def test_a_page_number_past_the_end_shows_the_last_page(self, signed_in, conversations):
        response = signed_in.get(URL, {"page": "999"})

        assert response.status_code == 200
        assert response.context["page"].number == 1


def grow(conversations: int, turns: int) -> None:
    """Conversations with every layer the list reads: turns, state, runs, summaries, facts."""
    for number in range(conversations):
        conversation = ConversationFactory(external_id=f"grown-{conversations}-{number}")
        TurnFactory.create_batch(turns, conversation=conversation)
        MemoryState.objects.create(conversation=conversation, summary_upto_seq=turns // 2)
        run(conversation, "failed")
        summary(conversation, version=1, upto_seq=turns // 2, stale_values=["x"])
        fact(conversation, f"ORD-{number}", needs_review=True)


@pytest.mark.django_db
class TestQueryCount:
    @pytest.mark.parametrize(
        "params",
        [{}, {"q": "ORD-1"}, {"stale": "1", "failed": "1", "review": "1"}, {"counts": "1", "sort": "behind"}],
    )
    def test_ten_times_the_data_costs_the_same_queries(self, signed_in, params):
        grow(3, 3)
        signed_in.get(URL)  # warm the session and content types
        with CaptureQueriesContext(connection) as few:
            signed_in.get(URL, params)
        grow(30, 30)
        with CaptureQueriesContext(connection) as many:
            response = signed_in.get(URL, params)

        # The rows grew with the data (a search finds its one order among them).
        assert len(response.context["rows"]) >= (1 if params.get("q") else 4)
        assert len(many) == len(few)
        assert len(many) <= 7

    def test_the_counts_fragment_costs_the_same_queries_with_ten_times_the_data(self, signed_in):
        headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "filter-counts"}
        grow(3, 3)
        signed_in.get(URL, **headers)
        with CaptureQueriesContext(connection) as few:
            signed_in.get(URL, **headers)
        grow(30, 30)
        with CaptureQueriesContext(connection) as many:
            response = signed_in.get(URL, **headers)

        # Every grown conversation's last refresh failed: the counts cover all 33.
        assert ">33 whose last refresh failed<" in response.content.decode()
        assert len(many) == len(few) == 4
