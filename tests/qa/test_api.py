"""The QA API: labelling, adjudicating, gold sets, evaluation runs and labelled questions, as the pages do.

Each action goes through the same service as its page: the same refusals, the same audit entries.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from conversations.models import LabelledQuery
from facts.models import GoldFact
from memadmin.models import AuditEntry
from memadmin.permissions import Role
from qa import services
from qa.models import EvaluationRun, GoldSet, Label, LabelSet
from tests.conftest import api_token_for
from tests.factories import ConversationFactory, TurnFactory, UserFactory
from tests.qa import scenario
from tests.qa.scenario import label, span, stored

pytestmark = pytest.mark.django_db
API = "/api/v1"


def as_user(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


def label_body(conversation, seq: int, words: str, type_: str = "amount", key: str = "price") -> dict:
    return {"type": type_, "key": key, **span(conversation, seq, words)}


def queries_of(client: APIClient, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, response.content
    return len(queries)


class TestWhoMay:
    @pytest.mark.parametrize("persona", ["support_user", "privacy_user", "outsider", "service_user"])
    def test_other_roles_are_refused_and_nothing_is_stored(self, persona, request, short):
        client = as_user(request.getfixturevalue(persona))

        responses = [
            client.get(f"{API}/conversations/{short.pk}/label-sets/"),
            client.post(
                f"{API}/conversations/{short.pk}/labels/", label_body(short, 1, "$1,200"), format="json"
            ),
            client.post(f"{API}/conversations/{short.pk}/label-sets/submit/"),
            client.get(f"{API}/gold-sets/"),
            client.post(f"{API}/conversations/{short.pk}/adjudication/", {"keep": []}, format="json"),
            client.post(
                f"{API}/conversations/{short.pk}/labelled-queries/",
                {"query": "What did it cost?", "evidence_seqs": [1]},
                format="json",
            ),
        ]

        assert [r.status_code for r in responses] == [403] * len(responses)
        assert "qa or admin" in responses[0].json()["detail"]
        assert not (LabelSet.objects.exists() or LabelledQuery.objects.exists() or GoldSet.objects.exists())

    def test_the_chat_service_token_is_refused(self, service_user, short):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {api_token_for(service_user)}")

        assert client.get(f"{API}/conversations/{short.pk}/label-sets/").status_code == 403
        assert client.post(f"{API}/evaluation-runs/", {"source": "stored"}, format="json").status_code == 403
        assert client.get(f"{API}/evaluation-runs/").status_code == 403

    def test_every_staff_role_reads_runs_but_only_qa_and_admin_start_them(self, support_user):
        client = as_user(support_user)
        assert client.get(f"{API}/evaluation-runs/").status_code == 200
        assert client.post(f"{API}/evaluation-runs/", {"source": "stored"}, format="json").status_code == 403
        assert not EvaluationRun.objects.exists()


class TestLabelling:
    def test_a_label_is_added_audited_and_listed_in_the_annotators_own_set(self, short, qa_user, second_qa):
        label(short, second_qa, "identifier", "order_id", 1, "ORD-55120")  # another annotator's
        client = as_user(qa_user)

        response = client.post(
            f"{API}/conversations/{short.pk}/labels/", label_body(short, 1, "$1,200"), format="json"
        )

        assert response.status_code == 201, response.content
        body = response.json()
        assert (body["type"], body["value"], body["source_seq"], body["span"]) == (
            "amount",
            "$1,200",
            1,
            [39, 45],
        )
        entry = AuditEntry.objects.get(action="memadmin.qa.label.added", actor=qa_user)
        assert (entry.conversation_id, entry.after["value"]) == (short.pk, "$1,200")
        sets = client.get(f"{API}/conversations/{short.pk}/label-sets/").json()
        assert [(s["annotator"], [x["value"] for x in s["labels"]]) for s in sets] == [
            ("quinn-qa", ["$1,200"])
        ]

    def test_an_annotator_without_labels_has_no_set(self, short, qa_user):
        assert as_user(qa_user).get(f"{API}/conversations/{short.pk}/label-sets/").json() == []

    @pytest.mark.parametrize(
        "change,field",
        [
            ({"value": "$1,201"}, "value"),  # not the words of the span
            ({"span_end": 999}, "value"),
            ({"source_seq": 9}, "source_seq"),  # no such turn
            ({"type": "colour"}, "type"),
            ({"key": "Price!"}, "key"),
            ({"span_start": "39"}, "span_start"),  # a string where a number belongs
            ({"span_end": 10, "span_start": 20}, "span_end"),
        ],
    )
    def test_bad_input_is_a_field_error_and_nothing_is_stored(self, short, qa_user, change, field):
        body = {**label_body(short, 1, "$1,200"), **change}

        response = as_user(qa_user).post(f"{API}/conversations/{short.pk}/labels/", body, format="json")

        assert response.status_code == 400
        assert list(response.json()) == [field], response.json()
        assert not Label.objects.exists()
        assert not AuditEntry.objects.filter(action="memadmin.qa.label.added").exists()

    def test_a_missing_field_is_named(self, short, qa_user):
        response = as_user(qa_user).post(f"{API}/conversations/{short.pk}/labels/", {}, format="json")

        assert response.status_code == 400
        assert set(response.json()) == {"type", "key", "value", "source_seq", "span_start", "span_end"}

    def test_unknown_conversation_and_label_are_404(self, short, qa_user):
        client = as_user(qa_user)
        assert client.get(f"{API}/conversations/999999/label-sets/").status_code == 404
        assert (
            client.post(f"{API}/conversations/999999/labels/", label_body(short, 1, "$1,200"), format="json")
        ).status_code == 404
        assert client.delete(f"{API}/conversations/{short.pk}/labels/999999/").status_code == 404
        assert not Label.objects.exists()

    def test_the_same_words_twice_is_a_conflict(self, short, qa_user):
        client = as_user(qa_user)
        url = f"{API}/conversations/{short.pk}/labels/"
        assert client.post(url, label_body(short, 1, "$1,200"), format="json").status_code == 201

        response = client.post(url, label_body(short, 1, "$1,200"), format="json")
        assert (response.status_code, response.json()["code"]) == (409, "duplicate")
        assert Label.objects.count() == 1

    def test_an_annotator_removes_their_own_label_but_not_anothers(self, short, qa_user, second_qa):
        mine = label(short, qa_user, "amount", "price", 1, "$1,200")
        theirs = label(short, second_qa, "amount", "price", 1, "$1,200")
        client = as_user(qa_user)

        refused = client.delete(f"{API}/conversations/{short.pk}/labels/{theirs.pk}/")
        removed = client.delete(f"{API}/conversations/{short.pk}/labels/{mine.pk}/")

        assert (refused.status_code, removed.status_code) == (403, 204)
        assert list(Label.objects.values_list("pk", flat=True)) == [theirs.pk]
        entry = AuditEntry.objects.get(action="memadmin.qa.label.removed")
        assert (entry.actor, entry.before["value"]) == (qa_user, "$1,200")

    def test_a_submitted_set_is_closed(self, short, qa_user):
        made = label(short, qa_user, "amount", "price", 1, "$1,200")
        client = as_user(qa_user)

        response = client.post(f"{API}/conversations/{short.pk}/label-sets/submit/")

        assert response.status_code == 200
        assert response.json()["submitted_at"] and len(response.json()["labels"]) == 1
        assert AuditEntry.objects.filter(action="memadmin.qa.labels.submitted", actor=qa_user).exists()
        again = client.post(f"{API}/conversations/{short.pk}/label-sets/submit/")
        added = client.post(
            f"{API}/conversations/{short.pk}/labels/",
            label_body(short, 1, "ORD-55120", "identifier", "order_id"),
            format="json",
        )
        removed = client.delete(f"{API}/conversations/{short.pk}/labels/{made.pk}/")
        assert [r.status_code for r in (again, added, removed)] == [409, 409, 409]
        assert Label.objects.count() == 1


class TestSuggestions:
    @pytest.fixture
    def suggested(self, short):
        return stored(short, "identifier", "order_id", "ORD-55120", 1)

    def test_suggestions_are_hidden_until_the_annotator_asks(self, short, suggested, qa_user):
        client = as_user(qa_user)
        url = f"{API}/conversations/{short.pk}/"

        assert client.get(f"{url}suggestions/").json() == []
        hidden = client.post(f"{url}labels/from-suggestion/", {"suggestion_id": suggested.pk}, format="json")
        assert (hidden.status_code, hidden.json()["code"]) == (409, "suggestions_hidden")

        shown = client.post(f"{url}label-sets/show-suggestions/")
        assert shown.status_code == 200 and shown.json()["suggestions_shown_at"]
        assert AuditEntry.objects.get(action="memadmin.qa.suggestions.shown").actor == qa_user
        offered = client.get(f"{url}suggestions/").json()
        assert [(f["id"], f["value"], f["span"]) for f in offered] == [(suggested.pk, "ORD-55120", [6, 15])]

        taken = client.post(
            f"{url}labels/from-suggestion/", {"suggestion_id": suggested.pk, "key": "order"}, format="json"
        )
        assert taken.status_code == 201, taken.content
        assert (taken.json()["value"], taken.json()["key"], taken.json()["from_suggestion"]) == (
            "ORD-55120",
            "order",
            True,
        )
        assert client.get(f"{url}suggestions/").json() == []  # taken: no longer offered
        assert AuditEntry.objects.filter(action="memadmin.qa.label.added", actor=qa_user).count() == 1

    @pytest.mark.parametrize(
        "body,field",
        [({"suggestion_id": 999999}, "suggestion_id"), ({"suggestion_id": "1"}, "suggestion_id")],
    )
    def test_a_suggestion_that_is_not_one_is_a_field_error(self, short, suggested, qa_user, body, field):
        client = as_user(qa_user)
        client.post(f"{API}/conversations/{short.pk}/label-sets/show-suggestions/")

        response = client.post(f"{API}/conversations/{short.pk}/labels/from-suggestion/", body, format="json")

        assert (response.status_code, list(response.json())) == (400, [field])
        assert not Label.objects.exists()


class TestQueue:
    def test_the_queue_says_where_each_conversation_stands_for_the_caller(self, short, qa_user, second_qa):
        other = ConversationFactory(external_id="other")
        label(short, qa_user, "amount", "price", 1, "$1,200")
        label(short, second_qa, "amount", "price", 1, "$1,200")
        services.label_set_submit(conversation=short, actor=second_qa)
        client = as_user(qa_user)

        rows = {
            row["external_id"]: row for row in client.get(f"{API}/label-queue/?show=all").json()["results"]
        }

        assert {k: rows["short"][k] for k in ("turns", "my_labels", "my_started", "my_submitted")} == {
            "turns": 3,
            "my_labels": 1,
            "my_started": True,
            "my_submitted": False,
        }
        assert (rows["short"]["submitted_sets"], rows["short"]["gold_origin"]) == (1, None)
        assert (rows["other"]["turns"], rows["other"]["my_started"]) == (0, False)
        assert other.pk in [row["id"] for row in client.get(f"{API}/label-queue/").json()["results"]]
        theirs = as_user(second_qa).get(f"{API}/label-queue/?show=to-label").json()["results"]
        assert [row["external_id"] for row in theirs] == ["other"]  # their own set is submitted
        assert client.get(f"{API}/label-queue/?show=mine").status_code == 400


class TestAdjudication:
    @pytest.fixture
    def submitted(self, short, qa_user, second_qa):
        kept = [
            label(short, qa_user, "amount", "price", 1, "$1,200"),
            label(short, qa_user, "identifier", "order_id", 1, "ORD-55120"),
        ]
        label(short, second_qa, "amount", "price", 1, "$1,200")
        for who in (qa_user, second_qa):
            services.label_set_submit(conversation=short, actor=who)
        return kept

    def test_the_adjudicator_reads_the_submitted_sets_and_their_agreement(self, short, submitted, admin_user):
        body = as_user(admin_user).get(f"{API}/conversations/{short.pk}/adjudication/").json()

        assert [(s["annotator"], len(s["labels"])) for s in body["label_sets"]] == [
            ("quinn-qa", 2),
            ("quentin-qa", 1),
        ]
        assert (body["agreement"]["facts"], body["agreement"]["agreed"]) == (2, 1)

    def test_every_submitted_set_is_compared_pair_by_pair(self, short, submitted, admin_user):
        third = UserFactory(username="tess-qa", roles=[Role.QA])
        label(short, third, "identifier", "order_id", 1, "ORD-55120")
        services.label_set_submit(conversation=short, actor=third)

        body = as_user(admin_user).get(f"{API}/conversations/{short.pk}/adjudication/").json()
        agreement = body["agreement"]

        assert (agreement["sets"], agreement["annotators"]) == (3, ["quinn-qa", "quentin-qa", "tess-qa"])
        assert [(p["annotators"], p["agreed"], p["facts"]) for p in agreement["pairs"]] == [
            (["quinn-qa", "quentin-qa"], 1, 2),
            (["quinn-qa", "tess-qa"], 1, 2),
            (["quentin-qa", "tess-qa"], 0, 2),
        ]
        assert (agreement["facts"], agreement["agreed"], agreement["first_only"]) == (2, 0, 0)
        assert agreement["fleiss_kappa"] is not None

    def test_the_kept_labels_become_the_gold_set_audited(self, short, submitted, admin_user):
        client = as_user(admin_user)

        response = client.post(
            f"{API}/conversations/{short.pk}/adjudication/",
            {"keep": [x.pk for x in submitted], "note": "both clear"},
            format="json",
        )

        assert response.status_code == 200, response.content
        body = response.json()
        assert (body["origin"], body["adjudicated_by"], body["gold_facts"], body["note"]) == (
            "adjudicated",
            "ada-admin",
            2,
            "both clear",
        )
        assert sorted(f["value"] for f in body["facts"]) == ["$1,200", "ORD-55120"]
        assert sorted(GoldFact.objects.filter(conversation=short).values_list("value", flat=True)) == [
            "$1,200",
            "ORD-55120",
        ]
        entry = AuditEntry.objects.get(action="memadmin.qa.gold.adjudicated")
        assert (entry.actor, entry.reason, entry.after["gold_facts"]) == (admin_user, "both clear", 2)
        assert client.get(f"{API}/conversations/{short.pk}/gold-set/").json() == body

    @pytest.mark.parametrize("method", ["get", "post"])
    def test_no_one_adjudicates_a_conversation_they_labelled(self, short, submitted, qa_user, method):
        response = getattr(as_user(qa_user), method)(
            f"{API}/conversations/{short.pk}/adjudication/",
            {"keep": [x.pk for x in submitted]},
            format="json",
        )

        assert (response.status_code, response.json()["code"]) == (403, "own_labels")
        assert "label_sets" not in response.json()
        assert not GoldSet.objects.exists()

    def test_labels_of_no_submitted_set_are_a_field_error(self, short, submitted, admin_user):
        response = as_user(admin_user).post(
            f"{API}/conversations/{short.pk}/adjudication/", {"keep": [999999]}, format="json"
        )

        assert (response.status_code, list(response.json())) == (400, ["keep"])
        assert not GoldSet.objects.exists()

    def test_a_keep_that_is_not_a_list_of_ids_is_a_field_error(self, short, submitted, admin_user):
        response = as_user(admin_user).post(
            f"{API}/conversations/{short.pk}/adjudication/", {"keep": "1,2"}, format="json"
        )
        assert (response.status_code, list(response.json())) == (400, ["keep"])

    def test_before_two_sets_are_submitted_it_is_a_conflict(self, short, qa_user, admin_user):
        label(short, qa_user, "amount", "price", 1, "$1,200")
        services.label_set_submit(conversation=short, actor=qa_user)

        response = as_user(admin_user).post(
            f"{API}/conversations/{short.pk}/adjudication/", {"keep": []}, format="json"
        )
        assert (response.status_code, response.json()["code"]) == (409, "not_ready")
        assert not GoldSet.objects.exists()

    def test_a_conversation_without_a_gold_set_is_404(self, short, qa_user):
        assert as_user(qa_user).get(f"{API}/conversations/{short.pk}/gold-set/").status_code == 404


class TestGoldSetsAndRuns:
    @pytest.fixture
    def labelled(self, qa_user, second_qa, admin_user):
        return scenario.build(qa_user, second_qa, admin_user)

    def test_the_gold_sets_say_where_they_came_from(self, labelled, qa_user):
        client = as_user(qa_user)
        body = client.get(f"{API}/gold-sets/").json()["results"]

        by_conversation = {row["conversation"]: row for row in body}
        short, medium = by_conversation[labelled["short"].pk], by_conversation[labelled["medium"].pk]
        assert (short["origin"], short["adjudicated_by"], short["gold_facts"]) == (
            "adjudicated",
            "ada-admin",
            5,
        )
        assert (medium["origin"], medium["source_file"], medium["gold_facts"]) == (
            "imported",
            "gold-batch-7.jsonl",
            2,
        )
        imported = client.get(f"{API}/gold-sets/?origin=imported").json()["results"]
        assert [row["conversation"] for row in imported] == [labelled["medium"].pk]
        assert client.get(f"{API}/gold-sets/?origin=made-up").status_code == 400

    def test_a_run_is_started_and_its_figures_and_findings_read(
        self, labelled, qa_user, support_user, django_capture_on_commit_callbacks
    ):
        with django_capture_on_commit_callbacks(execute=True):
            started = as_user(qa_user).post(f"{API}/evaluation-runs/", {"source": "stored"}, format="json")

        assert started.status_code == 202, started.content
        assert (started.json()["status"], started.json()["requested_by"]) == ("queued", "quinn-qa")
        entry = AuditEntry.objects.get(action="memadmin.qa.run.requested")
        assert (entry.actor, entry.after) == (qa_user, {"source": "stored"})
        client = as_user(support_user)  # every staff role reads the figures
        run = client.get(f"{API}/evaluation-runs/{started.json()['id']}/").json()
        assert (run["status"], run["recall"], run["gold_values"]) == ("done", 0.75, 8)
        assert (run["by_type"]["address"]["recall"], run["by_type"]["phone"]["recall"]) == (0.0, 1.0)
        assert (run["missed"], run["fabricated"]) == (2, 1)
        findings = client.get(f"{API}/evaluation-runs/{run['id']}/findings/").json()["results"]
        assert {(f["kind"], f["external_id"], f["value"], f["source_seq"]) for f in findings} == {
            ("missed", "short", "14 Elm St, Leeds", 3),
            ("missed", "long", "5:30 pm", 52),
            ("fabricated", "short", "£1,250", 2),
        }
        missed = client.get(f"{API}/evaluation-runs/{run['id']}/findings/?kind=missed").json()["results"]
        assert {f["kind"] for f in missed} == {"missed"} and len(missed) == 2

    def test_a_bad_source_is_a_field_error_and_no_run_is_made(self, qa_user):
        response = as_user(qa_user).post(f"{API}/evaluation-runs/", {"source": "guess"}, format="json")
        assert (response.status_code, list(response.json())) == (400, ["source"])
        assert not EvaluationRun.objects.exists()

    def test_an_unknown_run_is_404(self, qa_user):
        client = as_user(qa_user)
        assert client.get(f"{API}/evaluation-runs/999999/").status_code == 404
        assert client.get(f"{API}/evaluation-runs/999999/findings/").status_code == 404


class TestLabelledQuestions:
    def test_a_question_is_labelled_listed_and_removed_audited(self, short, qa_user):
        client = as_user(qa_user)
        url = f"{API}/conversations/{short.pk}/labelled-queries/"

        made = client.post(
            url,
            {"query": "Where  does the label go?", "evidence_seqs": [3, 1], "category": "address"},
            format="json",
        )

        assert made.status_code == 201, made.content
        assert {k: made.json()[k] for k in ("query", "evidence_seqs", "category")} == {
            "query": "Where does the label go?",
            "evidence_seqs": [1, 3],
            "category": "address",
        }
        assert [q["id"] for q in client.get(url).json()["results"]] == [made.json()["id"]]
        assert AuditEntry.objects.get(action="memadmin.qa.query.labelled").actor == qa_user
        assert (
            client.post(
                url, {"query": "Where does the label go?", "evidence_seqs": [3]}, format="json"
            ).status_code
            == 409
        )

        assert client.delete(f"{url}{made.json()['id']}/").status_code == 204
        assert not LabelledQuery.objects.exists()
        assert (
            AuditEntry.objects.get(action="memadmin.qa.query.removed").before["query"]
            == "Where does the label go?"
        )
        assert client.delete(f"{url}{made.json()['id']}/").status_code == 404

    @pytest.mark.parametrize(
        "body,field",
        [
            ({"query": "Which order?", "evidence_seqs": [9]}, "evidence_seqs"),  # no turn 9
            ({"query": "Which order?", "evidence_seqs": []}, "evidence_seqs"),
            ({"query": "   ", "evidence_seqs": [1]}, "query"),
            ({"query": "Which order?", "evidence_seqs": ["1"]}, "evidence_seqs"),
            ({"evidence_seqs": [1]}, "query"),
        ],
    )
    def test_bad_input_is_a_field_error_and_nothing_is_stored(self, short, qa_user, body, field):
        response = as_user(qa_user).post(
            f"{API}/conversations/{short.pk}/labelled-queries/", body, format="json"
        )

        assert (response.status_code, list(response.json())) == (400, [field]), response.json()
        assert not LabelledQuery.objects.exists()


class TestQueryCounts:
    def test_lists_cost_the_same_queries_as_data_grows(self, qa_user, second_qa, admin_user):
        scenario.build(qa_user, second_qa, admin_user)
        conversation = ConversationFactory()
        TurnFactory(conversation=conversation, seq=1, content="Order ORD-1 for $5 on 1 May.")
        for who in (qa_user, second_qa):
            label(conversation, who, "identifier", "order_id", 1, "ORD-1")
            services.label_set_submit(conversation=conversation, actor=who)
        annotator = UserFactory(username="quill-qa", roles=[Role.QA])  # labelling, not submitted yet
        label(conversation, annotator, "identifier", "order_id", 1, "ORD-1")
        services.label_set_show_suggestions(conversation=conversation, actor=annotator)
        stored(conversation, "identifier", "order_id", "ORD-1", 1)
        services.labelled_query_add(
            conversation=conversation, actor=qa_user, query="Which?", evidence_seqs=[1]
        )
        run = EvaluationRun.objects.create(source="stored", status="done")
        run.findings.create(external_id="x", kind="missed", type="amount", value="$5", source_seq=1)
        client, own = as_user(admin_user), as_user(annotator)
        urls = [
            (client, f"{API}/gold-sets/"),
            (client, f"{API}/evaluation-runs/"),
            (client, f"{API}/evaluation-runs/{run.pk}/"),
            (client, f"{API}/evaluation-runs/{run.pk}/findings/"),
            (own, f"{API}/conversations/{conversation.pk}/label-sets/"),
            (own, f"{API}/conversations/{conversation.pk}/suggestions/"),
            (client, f"{API}/label-queue/?show=all"),
            (client, f"{API}/conversations/{conversation.pk}/labelled-queries/"),
            (client, f"{API}/conversations/{conversation.pk}/adjudication/"),
        ]
        before = [queries_of(*call) for call in urls]

        grow(conversation, run, qa_user, annotator)

        assert [queries_of(*call) for call in urls] == before


def grow(conversation, run, qa_user, annotator) -> None:
    """More of everything each list shows: gold sets, runs, findings, labels, questions, submitted sets."""
    for n in range(4):
        other = ConversationFactory()
        TurnFactory(conversation=other, seq=1, content=f"Ticket TK-{n} costs $9.")
        GoldSet.objects.create(conversation=other, origin=GoldSet.Origin.IMPORTED, source_file=f"f{n}.jsonl")
        GoldFact.objects.create(
            conversation=other, type="identifier", key="ticket", value=f"TK-{n}", source_seq=1
        )
        EvaluationRun.objects.create(source="stored", status="done", requested_by=qa_user)
        run.findings.create(external_id="x", kind="fabricated", type="amount", value="$9", source_seq=1)
    third = UserFactory(username="quincy-qa", roles=[Role.QA])
    for words, type_, key in (("ORD-1", "identifier", "order_id"), ("$5", "amount", "price")):
        label(conversation, third, type_, key, 1, words)
    services.label_set_submit(conversation=conversation, actor=third)
    label(conversation, annotator, "amount", "price", 1, "$5")
    stored(conversation, "amount", "price", "$5", 1)
    stored(conversation, "date", "when", "1 May", 1)
    label(conversation, annotator, "date", "when", 1, "1 May")
    for n in range(3):
        services.labelled_query_add(
            conversation=conversation, actor=qa_user, query=f"Question {n}?", evidence_seqs=[1]
        )
