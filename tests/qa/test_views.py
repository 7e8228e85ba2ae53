"""The QA pages: who may open them, what each action answers, and their query counts."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from facts.models import PinnedFact
from memadmin.models import AuditEntry
from memadmin.permissions import Role
from qa import services
from qa.models import EvaluationRun, GoldSet, Label
from tests.factories import ConversationFactory, UserFactory
from tests.qa import scenario
from tests.qa.scenario import SHORT, label, span, stored, turns_of

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "labels-panel"}


def signed_in(client, user):
    client.force_login(user)
    return client


class TestRoleMatrix:
    @pytest.mark.parametrize(
        "persona,status",
        [
            ("qa_user", 200),
            ("admin_user", 200),
            ("support_user", 403),
            ("privacy_user", 403),
            ("outsider", 403),
        ],
    )
    @pytest.mark.parametrize("name", ["qa:queue", "qa:label", "qa:adjudicate"])
    def test_labelling_pages_are_for_qa_and_admin(self, client, short, request, persona, status, name):
        args = [] if name == "qa:queue" else [short.pk]
        response = signed_in(client, request.getfixturevalue(persona)).get(reverse(name, args=args))

        assert response.status_code == status
        if status == 403:
            assert "qa or admin role" in response.content.decode()

    @pytest.mark.parametrize("persona", ["qa_user", "support_user", "privacy_user", "admin_user"])
    def test_every_staff_role_reads_the_runs(self, client, persona, request):
        assert signed_in(client, request.getfixturevalue(persona)).get(reverse("qa:runs")).status_code == 200

    def test_signed_out_goes_to_sign_in(self, client, short):
        response = client.get(reverse("qa:label", args=[short.pk]))
        assert response.status_code == 302 and "/login/" in response["Location"]

    @pytest.mark.parametrize("persona", ["support_user", "privacy_user"])
    def test_support_cannot_change_gold_labels_or_start_runs(
        self, client, short, qa_user, second_qa, request, persona
    ):
        mine = label(short, qa_user, "amount", "price", 1, "$1,200")
        label(short, second_qa, "amount", "price", 1, "$1,200")
        for who in (qa_user, second_qa):
            services.label_set_submit(conversation=short, actor=who)
        client = signed_in(client, request.getfixturevalue(persona))

        posts = [
            (
                reverse("qa:label-add", args=[short.pk]),
                {"type": "amount", "key": "x", **span(short, 1, "$1,200")},
            ),
            (reverse("qa:label-remove", args=[short.pk, mine.pk]), {}),
            (reverse("qa:adjudicate", args=[short.pk]), {"keep": [mine.pk]}),
            (reverse("qa:query-add", args=[short.pk]), {"query": "q", "evidence": "1"}),
            (reverse("qa:runs"), {"source": "stored"}),
        ]
        for url, data in posts:
            assert client.post(url, data).status_code == 403, url
        assert not short.gold_facts.exists() and Label.objects.count() == 2
        assert not EvaluationRun.objects.exists()

    def test_qa_cannot_change_pinned_facts(self, client, short, qa_user):
        fact = stored(short, "amount", "price", "$1,200", 1)
        url = reverse("facts:action", args=[short.pk, fact.pk, "correct"])
        response = signed_in(client, qa_user).post(url, {"value": "$9", "reason": "no"})

        assert response.status_code == 403
        assert PinnedFact.objects.get(pk=fact.pk).value == "$1,200"


class TestLabelling:
    def test_a_label_comes_back_in_the_panel_and_is_audited(self, client, short, qa_user):
        url = reverse("qa:label-add", args=[short.pk])
        data = {"type": "amount", "key": "price", **span(short, 1, "$1,200")}
        response = signed_in(client, qa_user).post(url, data, **HTMX)

        assert response.status_code == 200
        body = response.content.decode()
        assert 'id="labels-panel"' in body and "Labelled “$1,200” as amount." in body
        # The turn's marks come along, swapped in by id.
        assert (
            'id="turn-body-1" hx-swap-oob="true"' in body
            and '<mark title="amount: price">$1,200</mark>' in body
        )
        assert "<html" not in body
        assert AuditEntry.objects.filter(action="memadmin.qa.label.added", actor=qa_user).exists()

    def test_without_javascript_it_goes_back_to_the_page(self, client, short, qa_user):
        url = reverse("qa:label-add", args=[short.pk])
        response = signed_in(client, qa_user).post(
            url, {"type": "amount", "key": "price", **span(short, 1, "$1,200")}
        )
        assert response.status_code == 303
        assert response["Location"] == reverse("qa:label", args=[short.pk]) + "?seq=1#turn-1"

    def test_words_that_are_not_the_turns_are_refused_in_place(self, client, short, qa_user):
        url = reverse("qa:label-add", args=[short.pk])
        data = {"type": "amount", "key": "price", **span(short, 1, "$1,200"), "value": "$9,999"}
        response = signed_in(client, qa_user).post(url, data, **HTMX)

        assert response.status_code == 422
        assert "exactly the words selected in turn 1" in response.content.decode()
        assert not Label.objects.exists()

    def test_a_missing_field_is_a_form_error(self, client, short, qa_user):
        response = signed_in(client, qa_user).post(
            reverse("qa:label-add", args=[short.pk]), {"type": "amount"}, **HTMX
        )
        assert response.status_code == 422

    def test_a_submitted_set_answers_conflict(self, client, short, qa_user):
        label(short, qa_user, "amount", "price", 1, "$1,200")
        services.label_set_submit(conversation=short, actor=qa_user)
        data = {"type": "identifier", "key": "order_id", **span(short, 1, "ORD-55120")}
        response = signed_in(client, qa_user).post(reverse("qa:label-add", args=[short.pk]), data, **HTMX)

        assert response.status_code == 409

    def test_annotators_do_not_see_each_others_labels_or_the_extractors(
        self, client, short, qa_user, second_qa
    ):
        label(short, second_qa, "address", "return_address", 3, "14 Elm St, Leeds")
        stored(short, "identifier", "purchase_ref", "ORD-55120", 1)
        body = signed_in(client, qa_user).get(reverse("qa:label", args=[short.pk])).content.decode()

        assert "return_address" not in body and "<mark" not in body
        assert "purchase_ref" not in body
        assert "Show the extractor" in body
        # The hint above says so, without denying the button beside it.
        assert "you do not see their labels, nor the extractor's unless you ask for its suggestions." in body

    def test_suggestions_once_shown_can_be_taken_and_say_so(self, client, short, qa_user):
        fact = stored(short, "identifier", "order_id", "ORD-55120", 1)
        client = signed_in(client, qa_user)
        client.post(reverse("qa:label-suggestions", args=[short.pk]), **HTMX)
        response = client.post(reverse("qa:label-add", args=[short.pk]), {"suggestion": fact.pk}, **HTMX)

        assert response.status_code == 200
        assert Label.objects.get().from_suggestion
        assert "suggested" in response.content.decode()

    def test_a_labelled_span_is_marked_in_its_turn_escaped(self, client, qa_user):
        conversation = ConversationFactory()
        turns_of(conversation, [("user", "<b>ship</b> to 14 Elm St")])
        label(conversation, qa_user, "address", "address", 1, "14 Elm St")
        body = signed_in(client, qa_user).get(reverse("qa:label", args=[conversation.pk])).content.decode()

        assert '&lt;b&gt;ship&lt;/b&gt; to <mark title="address: address">14 Elm St</mark>' in body

    def test_a_conversation_longer_than_a_page_opens_a_window_of_its_turns(self, client, qa_user):
        conversation = ConversationFactory()
        turns_of(conversation, [("user", f"line number {n}") for n in range(1, 131)])
        client = signed_in(client, qa_user)

        first = client.get(reverse("qa:label", args=[conversation.pk]))
        at_120 = client.get(reverse("qa:label", args=[conversation.pk]), {"seq": 120})

        assert first.status_code == 200 and at_120.status_code == 200
        first, at_120 = first.content.decode(), at_120.content.decode()
        assert "turns 1–100 of 130" in first and "Later turns" in first
        assert "turns 101–130 of 130" in at_120 and "Earlier turns" in at_120

    def test_a_question_with_unknown_turns_is_refused(self, client, short, qa_user):
        url = reverse("qa:query-add", args=[short.pk])
        headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "queries-panel"}
        client = signed_in(client, qa_user)
        assert client.post(url, {"query": "where?", "evidence": "3, x"}, **headers).status_code == 422
        response = client.post(url, {"query": "where?", "evidence": "3, 40"}, **headers)
        assert (
            response.status_code == 422
            and "Turn 40 is not in this conversation: its turns run from" in response.content.decode()
        )
        response = client.post(url, {"query": "where?", "evidence": "3"}, **headers)
        assert response.status_code == 200 and "turn 3" in response.content.decode()


class TestAdjudicationPage:
    def test_it_pairs_the_sets_and_saves_the_kept_labels(self, client, short, qa_user, second_qa, admin_user):
        mine = label(short, qa_user, "amount", "price", 1, "$1,200")
        label(short, second_qa, "amount", "price", 1, "$1,200")
        extra = label(short, second_qa, "identifier", "order_id", 1, "ORD-55120")
        for who in (qa_user, second_qa):
            services.label_set_submit(conversation=short, actor=who)
        client = signed_in(client, admin_user)
        url = reverse("qa:adjudicate", args=[short.pk])

        page = client.get(url).content.decode()
        assert "50.0%" in page and "only quentin-qa" in page

        response = client.post(url, {"keep": [mine.pk, extra.pk], "note": "checked"})
        assert response.status_code == 303
        assert sorted(short.gold_facts.values_list("value", flat=True)) == ["$1,200", "ORD-55120"]
        assert "Gold set saved: 2 facts" in client.get(response["Location"]).content.decode()

    def test_every_submitted_set_is_shown_and_any_can_be_kept(
        self, client, short, qa_user, second_qa, admin_user
    ):
        third = UserFactory(username="tess-qa", roles=[Role.QA])
        label(short, qa_user, "amount", "price", 1, "$1,200")
        label(short, second_qa, "amount", "price", 1, "$1,200")
        late = label(short, third, "address", "return_address", 3, "14 Elm St, Leeds")
        label(short, third, "amount", "refund", 2, "1200 dollars")
        for who in (qa_user, second_qa, third):
            services.label_set_submit(conversation=short, actor=who)
        client = signed_in(client, admin_user)
        url = reverse("qa:adjudicate", args=[short.pk])

        response = client.get(url)
        page = response.content.decode()
        assert [h for h in ("quinn-qa", "quentin-qa", "tess-qa") if f"<th>{h}" not in page] == []
        assert "only tess-qa" in page and "Fleiss" in page
        pairs = response.context["agreement"].pairs
        assert len(pairs) == 3 and page.count('class="pair"') == 3
        assert f'name="keep" value="{late.pk}"' in page

        assert client.post(url, {"keep": [late.pk]}).status_code == 303
        assert list(short.gold_facts.values_list("value", flat=True)) == ["14 Elm St, Leeds"]

    def test_an_annotator_who_labelled_it_sees_why_they_cannot_adjudicate(
        self, client, short, qa_user, second_qa, admin_user
    ):
        mine = label(short, qa_user, "amount", "price", 1, "$1,200")
        theirs = label(short, second_qa, "identifier", "order_id", 1, "ORD-55120")
        for who in (qa_user, second_qa):
            services.label_set_submit(conversation=short, actor=who)
        client = signed_in(client, qa_user)
        url = reverse("qa:adjudicate", args=[short.pk])

        page = client.get(url).content.decode()
        assert "You labelled this conversation" in page
        assert "Save as the gold set" not in page and 'name="keep"' not in page
        assert "ORD-55120" not in page  # nor another annotator's labels

        response = client.post(url, {"keep": [mine.pk, theirs.pk]})
        assert response.status_code == 403 and "You labelled this conversation" in response.content.decode()
        assert not short.gold_facts.exists()

        queue = client.get(reverse("qa:queue") + "?show=to-adjudicate").content.decode()
        assert url not in queue and "you labelled it" in queue
        admin_queue = signed_in(client, admin_user).get(reverse("qa:queue") + "?show=to-adjudicate")
        assert url in admin_queue.content.decode()

    def test_before_two_sets_it_says_what_is_missing(self, client, short, qa_user):
        body = signed_in(client, qa_user).get(reverse("qa:adjudicate", args=[short.pk])).content.decode()
        assert "0 of 2 annotators have submitted" in body


class TestRunsPages:
    def test_starting_a_run_runs_it_after_the_response(
        self, client, qa_user, admin_user, django_capture_on_commit_callbacks
    ):
        scenario.build(qa_user, UserFactory(username="q2", roles=[Role.QA]), admin_user)
        with django_capture_on_commit_callbacks(execute=True):
            response = signed_in(client, qa_user).post(reverse("qa:runs"), {"source": "stored"})

        run = EvaluationRun.objects.get()
        assert response.status_code == 303 and response["Location"] == reverse("qa:run", args=[run.pk])
        page = client.get(response["Location"]).content.decode()
        assert "75.0%" in page and "71.4%" in page and "33.3%" in page
        short = run.findings.get(kind="missed", external_id="short")
        assert f'/conversations/{short.conversation_id}/?seq=3#turn-3"' in page
        assert "£1,250" in page
        listing = client.get(reverse("qa:runs")).content.decode()
        assert "<svg" in listing and f'href="/qa/runs/{run.pk}/"' in listing

    def test_with_no_runs_it_says_what_a_run_needs_and_who_starts_it(self, client, qa_user, support_user):
        def empty_state(user):
            body = signed_in(client, user).get(reverse("qa:runs")).content.decode()
            return body.split('<p class="empty">', 1)[1].split("</p>", 1)[0]

        assert "needs conversations with a gold set" in empty_state(qa_user)
        GoldSet.objects.create(conversation=ConversationFactory(), origin="imported", source_file="x.jsonl")
        assert empty_state(qa_user) == "No runs yet: start one above."
        assert empty_state(support_user) == "No runs yet: a QA annotator or an admin starts one."

    def test_a_bad_source_is_a_form_error(self, client, qa_user):
        response = signed_in(client, qa_user).post(reverse("qa:runs"), {"source": "guess"})
        assert response.status_code == 422 and not EvaluationRun.objects.exists()

    def test_a_queued_run_polls_until_done(self, client, qa_user):
        run = EvaluationRun.objects.create(source="stored")
        headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "run-status"}
        client = signed_in(client, qa_user)
        assert (
            'hx-trigger="every 2s"'
            in client.get(reverse("qa:run", args=[run.pk]), **headers).content.decode()
        )
        EvaluationRun.objects.filter(pk=run.pk).update(status="done")
        assert client.get(reverse("qa:run", args=[run.pk]), **headers)["HX-Refresh"] == "true"


def grow(n: int, first, second, adjudicator) -> None:
    """n conversations, each labelled by two annotators, adjudicated, with a stored fact."""
    for number in range(n):
        conversation = ConversationFactory(external_id=f"grown-{n}-{number}")
        turns_of(conversation, SHORT)
        kept = [label(conversation, who, "amount", "price", 1, "$1,200") for who in (first, second)]
        label(conversation, second, "date", "refund_date", 2, "3 June 2026")
        for who in (first, second):
            services.label_set_submit(conversation=conversation, actor=who)
        services.gold_set_adjudicate(conversation=conversation, actor=adjudicator, keep=[kept[0].pk])
        stored(conversation, "identifier", "order_id", "ORD-55120", 1)
        stored(conversation, "amount", "price", "£9", 1, said=False)


class TestQueryCounts:
    def counts(self, client, url, grower, **headers):
        grower(2)
        client.get(url, **headers)  # warm the session and content types
        with CaptureQueriesContext(connection) as few:
            client.get(url, **headers)
        grower(12)
        with CaptureQueriesContext(connection) as many:
            response = client.get(url, **headers)
        assert response.status_code == 200
        return len(few), len(many), response

    @pytest.mark.parametrize("show", ["to-label", "to-adjudicate", "gold", "all"])
    def test_the_queue_costs_the_same_with_more_conversations(
        self, client, qa_user, second_qa, admin_user, show
    ):
        client = signed_in(client, qa_user)
        few, many, response = self.counts(
            client, reverse("qa:queue") + f"?show={show}", lambda n: grow(n, qa_user, second_qa, admin_user)
        )
        assert few == many <= 9
        if show in ("gold", "all"):
            assert len(response.context["page"].object_list) == 14

    def test_the_label_page_costs_the_same_with_more_labels(self, client, short, qa_user, second_qa):
        def more(n):
            start = Label.objects.count()
            for i in range(n):
                turns = short.turns.count()
                turns_of_more(short, turns + 1, f"Reference REF-{start + i} noted.")
                for who in (qa_user, second_qa):
                    label(short, who, "identifier", "reference", turns + 1, f"REF-{start + i}")

        client = signed_in(client, qa_user)
        few, many, _ = self.counts(client, reverse("qa:label", args=[short.pk]), more)
        assert few == many <= 14

    def test_the_adjudicate_page_costs_the_same_with_more_labels(
        self, client, qa_user, second_qa, admin_user
    ):
        def submitted_with(n: int) -> str:
            """Two annotators' sets of ``n`` labels each, one a turn, submitted."""
            conversation = ConversationFactory(external_id=f"labelled-{n}")
            turns_of(conversation, [("user", f"Reference REF-{n}-{i} noted.") for i in range(n)])
            for who in (qa_user, second_qa):
                for i in range(n):
                    label(conversation, who, "identifier", "reference", i + 1, f"REF-{n}-{i}")
                services.label_set_submit(conversation=conversation, actor=who)
            return reverse("qa:adjudicate", args=[conversation.pk])

        few_url, many_url = submitted_with(2), submitted_with(12)
        client = signed_in(client, admin_user)  # an adjudicator who labelled none of it
        client.get(few_url)  # warm the session and content types
        with CaptureQueriesContext(connection) as few:
            client.get(few_url)
        with CaptureQueriesContext(connection) as many:
            response = client.get(many_url)

        assert len(response.context["rows"]) == 12
        assert len(few) == len(many) <= 14

    def test_the_adjudicate_page_costs_the_same_with_more_submitted_sets(self, client, short, admin_user):
        made = []

        def more(n):
            for _ in range(n):
                who = UserFactory(username=f"annotator-{len(made)}", roles=[Role.QA])
                made.append(who)
                label(short, who, "amount", "price", 1, "$1,200")
                label(short, who, "identifier", "order_id", 1, "ORD-55120")
                services.label_set_submit(conversation=short, actor=who)

        client = signed_in(client, admin_user)
        few, many, response = self.counts(client, reverse("qa:adjudicate", args=[short.pk]), more)
        assert few == many <= 11
        assert len(response.context["agreement"].names) == 14
        assert len(response.context["agreement"].pairs) == 14 * 13 // 2

    def test_the_runs_pages_cost_the_same_with_more_runs_and_findings(
        self, client, qa_user, second_qa, admin_user, django_capture_on_commit_callbacks
    ):
        client = signed_in(client, qa_user)

        def more(n):
            grow(n, qa_user, second_qa, admin_user)
            with django_capture_on_commit_callbacks(execute=True):
                for source in ("stored", "extractor"):
                    services_run(qa_user, source)

        few, many, response = self.counts(client, reverse("qa:runs"), more)
        assert few == many <= 10
        assert len(response.context["chart"]["lines"][0].points) == 4
        # The same runs drawn for a phone-wide screen, on a narrower canvas.
        narrow = response.context["narrow_chart"]
        assert narrow["width"] < response.context["chart"]["width"] and len(narrow["lines"][0].points) == 4
        assert max(p.x for p in narrow["lines"][0].points) <= narrow["right"]

        run = EvaluationRun.objects.filter(source="stored").order_by("-id").first()
        url = reverse("qa:run", args=[run.pk])
        client.get(url)
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        # Each conversation: "£9" is fabricated, so its gold "$1,200" is missed.
        assert len(response.context["findings"].object_list) == 28
        assert len(queries) <= 10

    @pytest.mark.parametrize("kind", ["", "missed", "fabricated"])
    def test_a_runs_page_costs_the_same_with_more_findings_and_counts_them_once(
        self, client, qa_user, second_qa, admin_user, django_capture_on_commit_callbacks, kind
    ):
        client = signed_in(client, qa_user)

        def measured(n):
            grow(n, qa_user, second_qa, admin_user)
            with django_capture_on_commit_callbacks(execute=True):
                run = services_run(qa_user, "stored")
            url = reverse("qa:run", args=[run.pk]) + (f"?kind={kind}" if kind else "")
            client.get(url)  # warm the session and content types
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url)
            return queries, response

        few, _ = measured(2)
        many, response = measured(12)

        assert len(few) == len(many) <= 9
        counted = [q["sql"] for q in many if "COUNT(" in q["sql"] and '"qa_finding"' in q["sql"]]
        assert len(counted) == 1, counted
        # Each conversation: "£9" is fabricated, so its gold "$1,200" is missed.
        labels = [tab.label for tab in response.context["kinds"]]
        assert labels == ["All 28", "Missed 14", "Fabricated 14"]
        assert response.context["findings"].paginator.count == (28 if not kind else 14)


def turns_of_more(conversation, seq, content):
    from tests.factories import TurnFactory

    TurnFactory(conversation=conversation, seq=seq, role="user", content=content, created_at=scenario.WHEN)


def services_run(actor, source):
    from qa.runs import evaluation_run_request

    return evaluation_run_request(actor=actor, source=source)


class TestDjangoAdmin:
    @pytest.mark.parametrize("model", ["labelset", "goldset", "evaluationrun"])
    def test_qa_rows_are_readable_and_read_only(self, client, short, qa_user, second_qa, model):
        site_admin = UserFactory(username="ada-site-admin", roles=[Role.ADMIN], is_staff=True)
        label(short, qa_user, "amount", "price", 1, "$1,200")
        label(short, second_qa, "amount", "price", 1, "$1,200")
        for who in (qa_user, second_qa):
            services.label_set_submit(conversation=short, actor=who)
        services.gold_set_adjudicate(conversation=short, actor=site_admin, keep=[])
        EvaluationRun.objects.create(source="stored")
        client = signed_in(client, site_admin)

        listing = client.get(f"/admin/qa/{model}/")
        assert listing.status_code == 200
        assert client.get(f"/admin/qa/{model}/add/").status_code == 403


class TestQueueNextStep:
    def row(self, response, conversation) -> str:
        body = response.content.decode()
        start = body.index(f'id="queue-row-{conversation.pk}"')
        return body[start : body.index("</tr>", start)]

    def test_each_conversation_offers_what_fits_the_annotator(self, client, short, qa_user):
        imported = ConversationFactory(external_id="imported-gold")
        turns_of(imported, SHORT)
        services.gold_sets_imported(conversation_ids=[imported.pk], source="gold.jsonl")
        started = ConversationFactory(external_id="half-labelled")
        turns_of(started, SHORT)
        label(started, qa_user, "identifier", "order_id", 1, "ORD-55120")

        response = signed_in(client, qa_user).get(reverse("qa:queue") + "?show=all")

        # Never labelled by them, gold set imported from a file: theirs would be a first labelling.
        assert ">Label</a>" in self.row(response, imported) and "again" not in self.row(response, imported)
        assert ">Label</a>" in self.row(response, short)
        assert ">Continue labelling</a>" in self.row(response, started)

    def test_the_filters_are_the_lists_shared_row_of_pills(self, client, qa_user):
        response = signed_in(client, qa_user).get(reverse("qa:queue") + "?show=gold")

        assert "_filter_tabs.html" in [t.name for t in response.templates]
        assert '<a href="?show=gold" aria-current="page">Gold set</a>' in response.content.decode()


class TestQueueProgress:
    def test_it_counts_the_gold_sets_and_the_mean_agreement(self, client, qa_user, second_qa, admin_user):
        # Each grown conversation: the amount agreed, the date labelled by the second annotator only:
        # rate 1/2; types [amount, -] and [amount, date]: p_o = 1/2, p_e = 1/2 * 1/2, kappa = 1/3.
        grow(2, qa_user, second_qa, admin_user)
        waiting = ConversationFactory(external_id="waiting")
        turns_of(waiting, SHORT)
        for who in (qa_user, second_qa):
            label(waiting, who, "amount", "price", 1, "$1,200")
            services.label_set_submit(conversation=waiting, actor=who)

        response = signed_in(client, qa_user).get(reverse("qa:queue"))

        progress = response.context["progress"]
        assert (progress["conversations"], progress["gold"], progress["to_adjudicate"]) == (3, 2, 1)
        assert (progress["mine_started"], progress["mine_submitted"]) == (3, 3)
        assert (progress["mean_rate"], progress["mean_kappa"]) == (0.5, 0.3333)
        assert "Annotators agreed on <strong>50.0%</strong>" in response.content.decode()
