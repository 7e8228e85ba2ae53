import re
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from conversations import detail, tasks
from conversations.memory import ProviderEmbedder
from conversations.models import RefreshRun, Summary, Turn, TurnIndexEntry
from conversations.retrieval import index_turns, matched_words
from conversations.templatetags.memadmin_format import ago, turn_links
from facts.models import FactRevision, PinnedFact
from memadmin.models import PendingTask
from memadmin.providers import get_provider
from tests.conversations.detail_data import ADDRESS_TURN, build_conversation, htmx, url
from tests.factories import ConversationFactory


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
        assert b"This needs the support, qa, privacy or admin role." in response.content

    @pytest.mark.parametrize("persona", ["support_user", "qa_user", "privacy_user", "admin_user"])
    def test_every_staff_role_reads_it(self, request, client, persona, conversation):
        client.force_login(request.getfixturevalue(persona))

        response = client.get(url(conversation))

        assert response.status_code == 200
        assert conversation.external_id.encode() in response.content

    @pytest.mark.parametrize(
        "target",
        ["transcript", "load-earlier", "facts-panel", "query-results", "runs-panel", "transcript-watermarks"],
    )
    def test_fragments_refuse_the_chat_service_too(self, client, service_user, conversation, target):
        client.force_login(service_user)

        assert htmx(client, url(conversation), target, q="kettle", before=50).status_code == 403

    def test_an_unknown_id_is_404(self, client, support_user):
        client.force_login(support_user)

        response = client.get("/conversations/987654/")

        assert response.status_code == 404
        page = response.content.decode()
        # The dashboard's own page: its navigation, the address asked for, and where to look instead.
        assert "<title>Not found · memadmin</title>" in page and 'class="topbar"' in page
        assert "<code>/conversations/987654/</code>" in page
        assert 'href="/">the conversations list</a>' in page

    def test_an_unknown_id_is_403_before_404_for_outsiders(self, client, outsider):
        # An outsider learns nothing about which ids exist.
        client.force_login(outsider)

        assert client.get("/conversations/987654/").status_code == 403

    def test_it_rejects_post(self, client, support_user, conversation):
        client.force_login(support_user)

        assert client.post(url(conversation)).status_code == 405


@pytest.mark.django_db
class TestFactSourceLink:
    def test_it_marks_the_exact_words_of_the_fact(self, client, support_user, conversation):
        fact = PinnedFact.objects.get(conversation=conversation, status="active", key="shipping_address")
        client.force_login(support_user)

        body = htmx(client, url(conversation), "transcript", seq=31, mark=fact.pk).content.decode()

        assert "<mark>118 Station Road, Norwich NR2 2HR</mark>" in body
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
            "&lt;b&gt;before&lt;/b&gt; <mark>&lt;script&gt;alert(1)&lt;/script&gt;</mark> after"
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
            assert '<div class="fact-actions">' in card[: card.index("</article>")]
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
        index(small)
        index(large)
        client.force_login(support_user)
        client.get(url(small))  # warm the session and content types

        with CaptureQueriesContext(connection) as few:
            client.get(url(small), {"seq": 31})
        with CaptureQueriesContext(connection) as many:
            client.get(url(large), {"seq": 31})

        assert len(many) == len(few)
        assert len(many) <= 22

    @pytest.mark.parametrize(
        "target",
        [
            "load-earlier",
            "load-later",
            "transcript",
            "facts-panel",
            "query-results",
            "index-figures",
            "runs-panel",
            "snapshots-panel",
            "transcript-watermarks",
        ],
    )
    def test_fragments_cost_the_same_queries_at_ten_times_the_size(self, client, support_user, target):
        small = build_conversation(turns=60, facts=5)
        large = build_conversation(turns=600, facts=50)
        index(small)
        index(large)
        client.force_login(support_user)
        client.get(url(small))

        with CaptureQueriesContext(connection) as few:
            htmx(client, url(small), target, before=55, after=5, seq=30, q="ship to Station Road ORD-69591")
        with CaptureQueriesContext(connection) as many:
            htmx(
                client, url(large), target, before=550, after=50, seq=300, q="ship to Station Road ORD-69591"
            )

        assert len(many) == len(few)

    @pytest.mark.parametrize("past_the_end", [False, True])
    def test_a_jump_costs_the_same_queries_at_ten_times_the_size(self, client, support_user, past_the_end):
        small = build_conversation(turns=60, facts=5)
        large = build_conversation(turns=600, facts=50)
        client.force_login(support_user)
        client.get(url(small))

        with CaptureQueriesContext(connection) as few:
            answer = htmx(client, url(small), "transcript", jump=9000 if past_the_end else 30)
        assert answer.status_code == (422 if past_the_end else 200)
        with CaptureQueriesContext(connection) as many:
            htmx(client, url(large), "transcript", jump=9000 if past_the_end else 300)

        assert len(many) == len(few)

    def test_a_jump_refused_without_javascript_reads_the_records_figures_once(self, client, support_user):
        small = build_conversation(turns=60, facts=5)
        large = build_conversation(turns=600, facts=50)
        client.force_login(support_user)
        client.get(url(small))

        with CaptureQueriesContext(connection) as plain:
            client.get(url(small))
        with CaptureQueriesContext(connection) as refused:
            answer = client.get(url(small), {"jump": 9000})
        assert answer.status_code == 422
        with CaptureQueriesContext(connection) as refused_large:
            assert client.get(url(large), {"jump": 9000}).status_code == 422

        # The count of turns and the last one (with the turns since each watermark) is one query,
        # shared by the refusal and the page's header: the refused page costs what the page does.
        figures = [q["sql"] for q in refused if 'MAX("conversations_turn"."seq")' in q["sql"]]
        assert len(figures) == 1, figures
        assert len(refused) == len(plain) == len(refused_large)


def index(conversation):
    index_turns(conversation=conversation, embedder=ProviderEmbedder(get_provider()))


@pytest.mark.django_db
class TestSummaries:
    def test_each_kind_shows_version_model_watermark_and_turns_since(self, client, support_user):
        conversation = build_conversation(turns=125)
        client.force_login(support_user)

        body = client.get(url(conversation), {"tab": "summaries"}).content.decode()

        rolling = body[body.index('id="summary-rolling"') :]
        assert "v2 · local / local-extractive-1" in rolling
        assert "covers turns 1–120" in rolling and "5 turns since" in rolling

    def test_the_previous_version_is_diffed_against_the_current(self, client, support_user, conversation):
        client.force_login(support_user)

        body = client.get(url(conversation)).content.decode()

        diff = body[body.index('id="summary-diff-static"') :]
        assert "v1 → v2: 2 words added, 2 removed" in diff
        assert "<del>Beech Crescent.</del><ins>Station Road.</ins>" in diff

    def test_any_two_versions_can_be_compared_as_a_fragment(self, client, support_user, conversation):
        client.force_login(support_user)

        response = htmx(
            client, url(conversation), "summary-diff-rolling", diff="rolling", **{"from": 2, "to": 1}
        )

        body = response.content.decode()
        assert body.lstrip().startswith('<div id="summary-diff-rolling"')
        assert "v2 → v1" in body and "<details open>" in body

    def test_an_unknown_version_says_so(self, client, support_user, conversation):
        client.force_login(support_user)

        response = htmx(
            client, url(conversation), "summary-diff-rolling", diff="rolling", **{"from": 9, "to": 1}
        )

        assert "One of those versions does not exist" in response.content.decode()

    def test_an_unknown_kind_is_400(self, client, support_user, conversation):
        client.force_login(support_user)

        assert htmx(client, url(conversation), "summary-diff-weekly").status_code == 400

    def test_a_summary_quoting_a_superseded_value_needs_review(self, client, support_user, conversation):
        Summary.objects.filter(conversation=conversation, kind="rolling", version=2).update(
            stale_values=["Flat 2, 109 Beech Crescent"]
        )
        client.force_login(support_user)

        body = client.get(url(conversation)).content.decode()

        rolling = body[body.index('id="summary-rolling"') :]
        assert "needs review" in rolling[: rolling.index("</article>")]
        assert "“Flat 2, 109 Beech Crescent”" in rolling


@pytest.mark.django_db
class TestIndexPanel:
    def test_it_counts_indexed_pending_and_stale_turns(self, client, support_user, conversation):
        index(conversation)
        Turn.objects.filter(conversation=conversation, seq__gt=115).first().index_entry.delete()
        TurnIndexEntry.objects.filter(conversation=conversation, seq__lte=3).update(
            embedding_model="old-model"
        )
        client.force_login(support_user)

        figures = client.get(url(conversation), {"tab": "index"}).context["index"]

        assert (figures.turns, figures.indexed, figures.pending, figures.stale) == (120, 116, 1, 3)
        assert figures.other_models == ["old-model"]
        assert figures.last_indexed_at is not None

    def test_on_another_tab_the_index_state_is_counted_when_its_tab_is_shown(
        self, client, support_user, conversation
    ):
        index(conversation)
        client.force_login(support_user)

        body = client.get(url(conversation)).content.decode()
        fragment = htmx(client, url(conversation), "index-figures").content.decode()

        assert 'id="index-figures" hx-get=' in body and 'href="' + url(conversation) + '?tab=index"' in body
        assert fragment.lstrip().startswith('<div id="index-figures">')
        assert "120</span> / 120 turns" in fragment

    def test_indexing_that_gave_up_is_shown_as_failed(self, client, support_user, conversation):
        other = build_conversation(turns=10)
        for conversation_id in (conversation.pk, other.pk):
            PendingTask.objects.create(
                task=tasks.index_conversation.name,
                args=[conversation_id],
                run_after=timezone.now(),
                attempts=5,
                last_error="ProviderError: embedder timed out",
                failed_at=timezone.now(),
            )
        client.force_login(support_user)

        response = client.get(url(conversation), {"tab": "index"})

        assert response.context["index"].failed == 1
        assert "embedder timed out" in response.content.decode()

    def test_with_no_failure_it_says_none(self, client, support_user, conversation):
        client.force_login(support_user)

        body = client.get(url(conversation), {"tab": "index"}).content.decode()

        assert "<dt>Failed</dt><dd>none</dd>" in body

    def test_a_query_shows_each_hit_with_its_ranks_and_why(self, client, support_user, conversation):
        index(conversation)
        client.force_login(support_user)

        response = htmx(client, url(conversation), "query-results", q="ship to Station Road")

        body = response.content.decode()
        assert body.lstrip().startswith('<div id="query-results"')
        tbody = body.index("<tbody>")
        first = body[tbody : body.index("</tr>", tbody)]
        assert 'id="hit-31"' in first
        assert '<td class="num lexical-rank" data-label="lexical">1</td>' in first
        assert "shares the words Road, Station, ship" in first
        assert "among the nearest in meaning (cosine distance" in first

    def test_an_identifier_in_the_query_is_matched_verbatim(self, conversation):
        index(conversation)

        result = detail.explain_query(
            conversation, "where is ORD-69591?", embedder=ProviderEmbedder(get_provider()), k=10
        )

        # The turn that says it and the turn whose tool call holds it.
        assert {item.turn.seq for item in result.hits[:2]} == {3, 4}
        assert result.hits[0].exact == ["ORD-69591"] and result.hits[1].exact == ["ORD-69591"]
        assert "holds ORD-69591 verbatim" in result.hits[0].reasons

    def test_a_query_never_returns_another_conversations_turns(self, conversation):
        other = build_conversation(turns=40)
        index(conversation)
        index(other)

        result = detail.explain_query(
            conversation, "Station Road order delivery", embedder=ProviderEmbedder(get_provider()), k=10
        )

        assert {item.turn.conversation_id for item in result.hits} == {conversation.pk}
        assert len(result.hits) == 10

    def test_matched_words_are_the_query_words_as_typed(self, conversation):
        index(conversation)

        words = matched_words(conversation=conversation, query="Shipping? to station", seqs=[31, 30])

        assert words == {31: ["Shipping", "station"]}


@pytest.mark.django_db
class TestRunsAndSnapshots:
    def test_runs_show_outcome_and_what_compare_and_swap_discarded(self, client, support_user, conversation):
        client.force_login(support_user)

        response = client.get(url(conversation), {"tab": "runs"})

        body = response.content.decode()
        assert response.context["run_outcomes"] == {"committed": 2, "stale": 1}
        assert "discarded: it started from memory v1, and a newer state was committed first" in body
        assert "3 refreshes" in body

    def test_runs_page_as_a_fragment(self, client, support_user, conversation):
        for _ in range(20):
            RefreshRun.objects.create(
                conversation=conversation, trigger="on_demand", started_version=2, target_upto_seq=120
            )
        client.force_login(support_user)

        body = htmx(client, url(conversation), "runs-panel", runs_page=2).content.decode()

        assert body.lstrip().startswith('<div id="runs-panel"')
        assert "Page 2 of 2" in body

    def test_snapshots_are_listed_newest_first(self, client, support_user, conversation):
        client.force_login(support_user)

        body = htmx(client, url(conversation), "snapshots-panel").content.decode()

        assert body.lstrip().startswith('<div id="snapshots-panel"')
        assert "Where is my kettle?" in body and "120 / 8,000" in body

    def test_with_no_refresh_or_snapshot_the_panels_say_what_would_fill_them(self, client, support_user):
        conversation = ConversationFactory()
        client.force_login(support_user)

        body = client.get(url(conversation)).content.decode()

        assert "No refreshes yet" in body
        assert "No snapshots yet: the chat service has not asked for a context" in body


class TestTextDiff:
    def test_a_reworded_line_shows_the_words_that_changed(self):
        parts = detail.text_diff("Ship to Flat 2, Beech Crescent.\nPaid.", "Ship to 118 Station Road.\nPaid.")

        assert [(p.op, p.text) for p in parts] == [
            ("equal", "Ship to "),
            ("delete", "Flat 2, Beech Crescent."),
            ("insert", "118 Station Road."),
            ("equal", "\n"),
            ("equal", "Paid."),
        ]

    def test_an_added_line_shows_whole(self):
        parts = detail.text_diff("- one\n- two\n", "- one\n- new item\n- two\n")

        assert [(p.op, p.text) for p in parts] == [
            ("equal", "- one\n"),
            ("insert", "- new item\n"),
            ("equal", "- two\n"),
        ]


class TestTurnLinksInSummaries:
    def test_turn_references_become_links_and_the_rest_stays_text(self):
        html = turn_links('Moved [turn 31].\n<b onclick="x()">[turn 7]</b> [turn x]', "/conversations/5/")

        assert html == (
            'Moved <a href="/conversations/5/?seq=31#turn-31" hx-get="/conversations/5/?seq=31" '
            'hx-target="#transcript" hx-swap="outerHTML" hx-push-url="true">[turn 31]</a>.<br>'
            '&lt;b onclick=&quot;x()&quot;&gt;<a href="/conversations/5/?seq=7#turn-7" '
            'hx-get="/conversations/5/?seq=7" hx-target="#transcript" hx-swap="outerHTML" '
            'hx-push-url="true">[turn 7]</a>&lt;/b&gt; [turn x]'
        )

    def test_every_turn_a_longer_reference_names_is_a_link(self):
        html = turn_links("- order id: ORD-1 [turn 4, said again at turns 9, 120 and 131]", "/c/5/")

        linked = re.findall(r'<a href="/c/5/\?seq=(\d+)#turn-\1"[^>]*>([^<]+)</a>', html)
        assert linked == [("4", "turn 4"), ("9", "9"), ("120", "120"), ("131", "131")]
        assert html.startswith("- order id: ORD-1 [<a ") and html.endswith("131</a>]")

    def test_a_reference_holding_other_characters_stays_text(self):
        # An apostrophe is escaped to an entity with digits in it: none of them may become a link.
        html = turn_links("[turn 4, it's 3 days] [turns x]", "/c/5/")

        assert "<a " not in html and "&#x27;" in html


@pytest.mark.django_db
class TestFactFilter:
    def test_needs_review_shows_only_flagged_facts(self, client, support_user, conversation):
        flagged = PinnedFact.objects.filter(conversation=conversation, key="order_id").first()
        flagged.needs_review, flagged.review_reason = True, "two values for one order"
        flagged.save()
        client.force_login(support_user)

        body = htmx(client, url(conversation), "facts-panel", facts="review").content.decode()

        assert body.lstrip().startswith('<div id="facts-panel"')
        assert body.count('class="fact-card') == 1 and f'id="fact-card-{flagged.pk}"' in body
        assert "two values for one order" in body and "needs review" in body

    def test_the_panel_opens_on_the_current_facts_under_the_number_the_tab_shows(
        self, client, support_user, conversation
    ):
        PinnedFact.objects.filter(conversation=conversation, key="order_id").update(status="retracted")
        client.force_login(support_user)

        response = client.get(url(conversation), {"tab": "facts"})

        body = response.content.decode()
        assert '<span id="facts-count">1</span>' in body  # the tab: "Facts 1"
        nav = body[body.index('<nav class="fact-filter"') :]
        nav = nav[: nav.index("</nav>")]
        pills = re.findall(
            r'facts=(\w+)"[^>]*?( aria-current="true")?>([\w ]+) <span class="num">(\d+)<', nav
        )
        assert pills == [
            ("current", ' aria-current="true"', "Current", "1"),
            ("all", "", "All", "3"),
            ("review", "", "Needs review", "0"),
        ]
        assert [card.fact.key for card in response.context["cards"]] == ["shipping_address"]

    def test_current_leaves_out_retracted_facts(self, client, support_user, conversation):
        PinnedFact.objects.filter(conversation=conversation, key="order_id").update(status="retracted")
        client.force_login(support_user)

        response = client.get(url(conversation), {"facts": "current"})

        assert [card.fact.key for card in response.context["cards"]] == ["shipping_address"]
        assert response.context["fact_counts"] == {"all": 3, "current": 1, "review": 0}


@pytest.mark.django_db
class TestRepeatedFacts:
    def test_every_turn_that_said_the_value_is_linked_and_marked(self, client, support_user, conversation):
        fact = PinnedFact.objects.get(conversation=conversation, status="active", key="shipping_address")
        Turn.objects.filter(conversation=conversation, seq=33).update(
            content="Confirming: 118 Station Road, Norwich NR2 2HR it is."
        )
        fact.source_seqs = [31, 33]
        fact.save()
        client.force_login(support_user)

        body = client.get(url(conversation), {"seq": 33, "mark": fact.pk}).content.decode()

        assert f'repeated in <a href="{url(conversation)}?seq=33&amp;mark={fact.pk}#turn-33"' in body
        assert "Confirming: <mark>118 Station Road, Norwich NR2 2HR</mark> it is." in body
        assert "please ship everything to <mark>118 Station Road" in body


class TestAgo:
    @pytest.mark.parametrize(
        ("seconds", "said"),
        [(5, "just now"), (61, "1 min ago"), (150, "2 min ago"), (7300, "2 h ago"), (90000, "yesterday")],
    )
    def test_it_says_how_long_ago_in_words(self, seconds, said):
        now = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)

        assert ago(now - timedelta(seconds=seconds), now) == said

    def test_after_a_month_it_gives_the_date(self):
        now = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)

        assert ago(now - timedelta(days=40), now) == "2 Feb 2026"


@pytest.mark.django_db
def test_a_fact_card_costs_the_same_queries_at_ten_times_the_facts(client, support_user):
    small = build_conversation(turns=60, facts=5)
    large = build_conversation(turns=600, facts=50)
    client.force_login(support_user)
    client.get(url(small))
    cards = {
        c.pk: PinnedFact.objects.get(conversation=c, key="shipping_address", status="active").pk
        for c in (small, large)
    }

    with CaptureQueriesContext(connection) as few:
        htmx(client, url(small), f"fact-card-{cards[small.pk]}")
    with CaptureQueriesContext(connection) as many:
        htmx(client, url(large), f"fact-card-{cards[large.pk]}")

    assert len(many) == len(few)


@pytest.mark.django_db
class TestManyFacts:
    def test_facts_come_a_page_at_a_time(self, client, support_user):
        conversation = build_conversation(turns=60, facts=120)
        client.force_login(support_user)

        first = client.get(url(conversation))
        second = htmx(client, url(conversation), "facts-panel", facts_page=3).content.decode()

        assert len(first.context["cards"]) == detail.FACTS_PER_PAGE
        assert "Page 1 of 3" in first.content.decode()
        assert second.count('class="fact-card') == 119 - 2 * detail.FACTS_PER_PAGE
        assert "Page 3 of 3" in second

    def test_a_long_chain_of_corrections_lists_the_latest_values(self, client, support_user, conversation):
        head = PinnedFact.objects.get(conversation=conversation, key="shipping_address", status="active")
        for number in range(15):
            PinnedFact.objects.create(
                conversation=conversation,
                type="address",
                key="shipping_address",
                value=f"{number} Old Street",
                source_seq=5,
                origin="extractor",
                status="superseded",
                superseded_by=head,
            )
        client.force_login(support_user)

        card = next(c for c in client.get(url(conversation)).context["cards"] if c.fact.pk == head.pk)

        assert len(card.earlier) == detail.EARLIER_SHOWN
        assert card.earlier[0].value == "14 Old Street"
        assert card.more_earlier == 6

    def test_a_long_history_lists_its_latest_changes(self, client, support_user, conversation):
        head = PinnedFact.objects.get(conversation=conversation, key="shipping_address", status="active")
        for number in range(30):
            FactRevision.objects.create(fact=head, action="confirmed", reason=f"said again, {number}")
        client.force_login(support_user)

        response = client.get(url(conversation))

        card = next(c for c in response.context["cards"] if c.fact.pk == head.pk)
        assert len(card.history) == detail.HISTORY_SHOWN and card.more_history == 13
        assert card.history[-1].revision.reason == "said again, 29"
        assert "History · latest 20 of 33 changes" in response.content.decode()
