"""The privacy pages: who sees them, the form, preview and approval, progress, the receipt."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.dateparse import parse_datetime

from conversations.models import Conversation
from privacy import forget
from privacy.models import ForgetRequest
from privacy.views import checked_for
from tests.factories import ConversationFactory, TurnFactory
from tests.privacy.conftest import ask

NOT_PRIVACY = ["support_user", "qa_user", "admin_user", "outsider"]


@pytest.fixture
def conversation(db):
    conversation = ConversationFactory(subject_id="cust-21", external_id="conv-forget-me")
    for seq in range(1, 5):
        TurnFactory(conversation=conversation, seq=seq, content=f"turn {seq} with ORD-313131")
    return conversation


@pytest.fixture
def made(privacy_user, conversation):
    return ask(privacy_user, "conversation", conversation=conversation)


def completed(made):
    ForgetRequest.objects.filter(pk=made.pk).update(status=ForgetRequest.Status.APPROVED)
    return forget.forget_execute(request_id=made.pk)


def pages(pk: int) -> list[str]:
    return [
        reverse("privacy:list"),
        reverse("privacy:new"),
        reverse("privacy:detail", args=[pk]),
        reverse("privacy:receipt", args=[pk]),
        reverse("privacy:receipt-json", args=[pk]),
    ]


class TestWhoSeesThem:
    @pytest.mark.parametrize("persona", NOT_PRIVACY)
    def test_every_page_is_refused_to_other_roles_with_the_role_needed(self, persona, request, client, made):
        client.force_login(request.getfixturevalue(persona))
        for url in pages(made.pk):
            response = client.get(url)
            assert response.status_code == 403, url
            assert "privacy role" in response.content.decode()

    @pytest.mark.parametrize("persona", NOT_PRIVACY)
    def test_approving_is_refused_to_other_roles(self, persona, request, client, made):
        client.force_login(request.getfixturevalue(persona))
        response = client.post(reverse("privacy:approve", args=[made.pk]), {"note": "x"})
        assert response.status_code == 403
        made.refresh_from_db()
        assert made.status == ForgetRequest.Status.AWAITING

    def test_anonymous_visitors_are_sent_to_sign_in(self, client, made):
        response = client.get(reverse("privacy:detail", args=[made.pk]))
        assert response.status_code == 302 and "/login/" in response["Location"]

    def test_the_nav_links_the_requests_for_privacy_officers_only(self, client, privacy_user, support_user):
        client.force_login(privacy_user)
        assert "Forget requests" in client.get(reverse("conversations:list")).content.decode()
        client.force_login(support_user)
        assert "Forget requests" not in client.get(reverse("conversations:list")).content.decode()


class TestAsking:
    def test_a_request_made_on_the_form_waits_for_approval(self, client, privacy_user, conversation):
        client.force_login(privacy_user)
        response = client.post(
            reverse("privacy:new"),
            {
                "scope": "turns",
                "conversation": "conv-forget-me",
                "turn_seqs": "2, 3-4",
                "legal_basis": "erasure",
                "reason": "Letter of 3 March",
                "deadline": "2030-01-01",
            },
        )
        made = ForgetRequest.objects.get()
        assert response.status_code == 302 and response["Location"] == reverse(
            "privacy:detail", args=[made.pk]
        )
        assert (made.scope, made.turn_seqs, made.status) == ("turns", [2, 3, 4], "awaiting_approval")

    @pytest.mark.parametrize(
        ("fields", "field", "message"),
        [
            (
                {"scope": "turns", "conversation": "nope", "turn_seqs": "1"},
                "conversation",
                "No conversation has the id",
            ),
            (
                {"scope": "turns", "conversation": "conv-forget-me", "turn_seqs": "4-2"},
                "turn_seqs",
                "is not a range",
            ),
            (
                {"scope": "turns", "conversation": "conv-forget-me", "turn_seqs": "9"},
                "turn_seqs",
                "has no turn 9",
            ),
            ({"scope": "value", "subject_id": "cust-21"}, "phrases", "Give at least one value"),
            (
                {"scope": "subject", "subject_id": "cust-404"},
                "subject_id",
                "No conversation has that subject id",
            ),
            ({"scope": "subject"}, "subject_id", "Give the subject id"),
        ],
    )
    def test_bad_input_is_shown_beside_its_field_and_nothing_is_stored(
        self, client, privacy_user, conversation, fields, field, message
    ):
        client.force_login(privacy_user)
        response = client.post(
            reverse("privacy:new"),
            {"legal_basis": "erasure", "reason": "asked", "deadline": "2030-01-01", **fields},
        )
        assert response.status_code == 422
        beside = (
            response.content.decode()
            .split(f'class="field field-{field} has-error">', 1)[1]
            .split("</div>")[0]
        )
        assert message in beside
        assert not ForgetRequest.objects.exists()

    def test_every_problem_shows_at_once_each_beside_its_field(self, client, privacy_user, conversation):
        # The form's own checks (no reason, no deadline) and the service's (no such subject, no value)
        # fail together: all four are said in one answer.
        client.force_login(privacy_user)
        response = client.post(
            reverse("privacy:new"),
            {"scope": "value", "subject_id": "cust-nobody-here", "legal_basis": "erasure", "reason": ""},
        )

        assert response.status_code == 422
        page = response.content.decode()

        def beside(field: str) -> str:
            return page.split(f'class="field field-{field} has-error">', 1)[1].split("</div>")[0]

        assert "No conversation has that subject id" in beside("subject_id")
        assert "Give at least one value" in beside("phrases")
        assert 'class="error"' in beside("reason") and 'class="error"' in beside("deadline")
        assert page.count('class="error"') == 4  # one each, none repeated at the top
        assert not ForgetRequest.objects.exists()

    def test_a_field_the_scope_does_not_read_is_neither_checked_nor_kept(
        self, client, privacy_user, conversation
    ):
        # Typed before switching the scope to "everything about a subject", then hidden by the page.
        client.force_login(privacy_user)
        response = client.post(
            reverse("privacy:new"),
            {
                "scope": "subject",
                "subject_id": conversation.subject_id,
                "conversation": "no-such-conversation",
                "turn_seqs": "9-1",
                "legal_basis": "erasure",
                "reason": "Letter of 3 March",
                "deadline": "2030-01-01",
            },
        )
        made = ForgetRequest.objects.get()
        assert response.status_code == 302
        assert (made.scope, made.subject_id, made.conversation_id, made.turn_seqs) == (
            "subject",
            conversation.subject_id,
            None,
            [],
        )


class TestPreviewAndApproval:
    def test_the_request_shows_what_it_will_touch_and_the_requester_cannot_approve(
        self, client, privacy_user, made
    ):
        client.force_login(privacy_user)
        response = client.get(reverse("privacy:detail", args=[made.pk]))
        body = response.content.decode()
        assert "What it will touch" in body and "Approve and run" not in body
        assert "a second privacy officer approves it" in body
        rows = {row.store: row for row in response.context["preview"]}
        assert rows["turns"].affected == 4 and rows["conversations"].affected == 1

        refused = client.post(reverse("privacy:approve", args=[made.pk]), {"note": "mine"})
        assert refused.status_code == 403
        assert "second privacy officer" in refused.content.decode()

    def test_a_second_officer_approves_it_runs_and_the_receipt_follows(
        self, client, second_privacy_user, made, django_capture_on_commit_callbacks
    ):
        client.force_login(second_privacy_user)
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("privacy:approve", args=[made.pk]), {"note": "identity checked"})
        assert response.status_code == 302
        made.refresh_from_db()
        assert made.status == ForgetRequest.Status.COMPLETED
        assert not Conversation.objects.filter(external_id="conv-forget-me").exists()

        page = client.get(reverse("privacy:receipt", args=[made.pk])).content.decode()
        assert made.subject_pseudonym in page and "cust-21" not in page
        # What the scan looked for, without the kinds the request had none of (no value was named).
        # Its moments read as people write them, not as ISO text broken across lines.
        approved = parse_datetime(made.receipt.document["approved_at"])
        assert "pia-privacy at <time datetime=" in page
        assert f"{approved.day} {approved:%b %Y, %H:%M:%S} UTC</time>" in page
        deadline = made.receipt.document["deadline"]
        assert (
            f'deadline <time datetime="{deadline}">{made.deadline.day} {made.deadline:%b %Y}</time>' in page
        )
        checked = made.receipt.document["checked"]
        assert f"<dd>{checked_for(checked)}</dd>" in page and "0 values" not in page
        download = client.get(reverse("privacy:receipt-json", args=[made.pk]))
        assert download["Content-Disposition"] == f'attachment; filename="forget-receipt-{made.pk}.json"'
        body = json.loads(download.content)
        assert body["digest"] == forget.document_digest(body["receipt"]) == made.receipt.digest
        assert body["receipt"]["approved_by"] == "pia-privacy"

    def test_the_approver_can_read_the_turns_it_names_before_deciding(
        self, client, privacy_user, second_privacy_user, conversation
    ):
        asked = ask(privacy_user, "turns", conversation=conversation, turn_seqs=[2, 4])
        client.force_login(second_privacy_user)

        body = client.get(reverse("privacy:detail", args=[asked.pk])).content.decode()

        detail = reverse("conversations:detail", args=[conversation.pk])
        assert f'<a href="{detail}"><code>conv-forget-me</code></a>' in body
        assert f'<a href="{detail}?seq=2#turn-2">2</a>, <a href="{detail}?seq=4#turn-4">4</a>' in body
        assert client.get(f"{detail}?seq=2").status_code == 200

    def test_once_carried_out_the_forgotten_conversation_is_not_linked(self, client, privacy_user, made):
        client.force_login(privacy_user)
        detail = reverse("conversations:detail", args=[made.conversation_id])
        assert f'href="{detail}"' in client.get(reverse("privacy:detail", args=[made.pk])).content.decode()

        completed(made)

        assert detail not in client.get(reverse("privacy:detail", args=[made.pk])).content.decode()

    def test_approving_twice_is_a_conflict(self, client, second_privacy_user, made):
        completed(made)
        client.force_login(second_privacy_user)
        response = client.post(reverse("privacy:approve", args=[made.pk]), {"note": "again"})
        assert response.status_code == 409
        assert "already" in response.content.decode()

    def test_a_request_without_a_receipt_has_no_receipt_page(self, client, privacy_user, made):
        client.force_login(privacy_user)
        assert client.get(reverse("privacy:receipt", args=[made.pk])).status_code == 404
        assert client.get(reverse("privacy:receipt-json", args=[made.pk])).status_code == 404

    def test_progress_is_a_fragment_that_polls_while_it_runs(self, client, privacy_user, made):
        ForgetRequest.objects.filter(pk=made.pk).update(status=ForgetRequest.Status.RUNNING)
        client.force_login(privacy_user)
        response = client.get(
            reverse("privacy:detail", args=[made.pk]),
            HTTP_HX_REQUEST="true",
            HTTP_HX_TARGET="forget-progress",
        )
        body = response.content.decode()
        assert body.lstrip().startswith('<section id="forget-progress"') and 'hx-trigger="every 2s"' in body
        assert "<h1>" not in body

    def test_the_polled_progress_brings_the_status_by_the_title_with_it(self, client, privacy_user, made):
        ForgetRequest.objects.filter(pk=made.pk).update(status=ForgetRequest.Status.RUNNING)
        client.force_login(privacy_user)
        poll = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "forget-progress"}
        url = reverse("privacy:detail", args=[made.pk])

        running = client.get(url, **poll).content.decode()
        ForgetRequest.objects.filter(pk=made.pk).update(status=ForgetRequest.Status.FAILED, error="boom")
        failed = client.get(url, **poll).content.decode()
        page = client.get(url).content.decode()

        oob = '<span id="forget-status" class="status status-{}" hx-swap-oob="true">{}</span>'
        assert oob.format("running", "running") in running
        assert oob.format("failed", "failed (residue found or an error)") in failed
        # The full page has the status once, by the title, and nothing to swap.
        assert page.count('id="forget-status"') == 1 and "hx-swap-oob" not in page


class TestTheList:
    def test_the_list_costs_the_same_queries_for_many_requests(
        self, client, privacy_user, conversation, django_assert_num_queries
    ):
        client.force_login(privacy_user)
        ask(privacy_user, "conversation", conversation=conversation)
        client.get(reverse("privacy:list"))
        with django_assert_num_queries(5):
            client.get(reverse("privacy:list"))
        for _ in range(5):
            ask(privacy_user, "conversation", conversation=conversation)
        with django_assert_num_queries(5):
            response = client.get(reverse("privacy:list"))
        assert response.content.decode().count('id="forget-row-') == 6

    def test_the_status_filters_are_the_lists_shared_row_of_pills_each_a_word(
        self, client, privacy_user, made
    ):
        client.force_login(privacy_user)

        response = client.get(reverse("privacy:list"), {"status": "failed"})

        assert "_filter_tabs.html" in [t.name for t in response.templates]
        body = response.content.decode()
        assert '<nav class="filter-tabs" aria-label="Filter by status">' in body
        assert '<a href="?status=failed" aria-current="page">Failed</a>' in body
        assert '<a href="?status=open">Not carried out yet</a>' in body

    def test_a_request_awaiting_approval_says_it_is_not_approved_yet(
        self, client, privacy_user, second_privacy_user, conversation, made
    ):
        declined = ask(privacy_user, "conversation", conversation=conversation)
        client.force_login(second_privacy_user)
        client.post(reverse("privacy:decline", args=[declined.pk]), {"note": "identity not confirmed"})

        body = client.get(reverse("privacy:list")).content.decode()

        waiting = body.split(f'id="forget-row-{made.pk}"')[1].split("</tr>")[0]
        refused = body.split(f'id="forget-row-{declined.pk}"')[1].split("</tr>")[0]
        # On its own, without the "approved by" a phone puts before the cell.
        assert '<td class="approved"><span class="muted">not approved yet</span></td>' in waiting
        assert '<td class="approved" data-prefix="approved by">—</td>' in refused

    def test_the_conversation_list_filters_on_a_pending_request(self, client, privacy_user, made):
        other = ConversationFactory(subject_id="cust-99")
        same_subject = ConversationFactory(subject_id="cust-21")
        ask(privacy_user, "value", subject_id="cust-21", phrases=["ORD-313131"])
        client.force_login(privacy_user)

        response = client.get(reverse("conversations:list"), {"forget": "1", "counts": "1"})

        shown = {conversation.pk for conversation, _ in response.context["rows"]}
        assert shown == {made.conversation_id, same_subject.pk}
        assert other.pk not in shown and response.context["counts"]["forget"] == 2
        assert "forget request pending" in response.content.decode()


class TestFromTheConversationPage:
    def test_a_privacy_officer_is_offered_a_request_for_the_conversation(
        self, client, privacy_user, conversation
    ):
        client.force_login(privacy_user)
        page = client.get(reverse("conversations:detail", args=[conversation.pk])).content.decode()
        assert "/privacy/new/?scope=conversation&amp;conversation=conv-forget-me" in page

        form = client.get(reverse("privacy:new"), {"scope": "conversation", "conversation": "conv-forget-me"})
        assert 'value="conv-forget-me"' in form.content.decode()

    def test_support_staff_are_not(self, client, support_user, conversation):
        client.force_login(support_user)
        page = client.get(reverse("conversations:detail", args=[conversation.pk])).content.decode()
        assert "/privacy/new/" not in page


def query_counts_as_the_subject_grows(client, make_request, pages: list[str]) -> list[tuple[int, ...]]:
    """The queries of each page of ``pages`` (URL names taking a request's id), for a request made by
    ``make_request(conversation)`` about a subject of 3 turns, then about one of 40."""
    counts = []
    for size in (3, 40):
        conversation = ConversationFactory(subject_id=f"cust-size-{size}")
        for seq in range(1, size + 1):
            TurnFactory(conversation=conversation, seq=seq, content=f"turn {seq} with ORD-909090")
        made = make_request(conversation)
        seen = []
        for name in pages:
            with CaptureQueriesContext(connection) as queries:
                assert client.get(reverse(name, args=[made.pk])).status_code == 200
            seen.append(len(queries))
        counts.append(tuple(seen))
    return counts


class TestTheRequestPageCost:
    @pytest.mark.parametrize("scope", ["conversation", "value"])
    def test_the_preview_costs_the_same_queries_for_a_bigger_conversation(self, client, privacy_user, scope):
        client.force_login(privacy_user)

        def make(conversation):
            fields = {"conversation": conversation} if scope == "conversation" else {}
            return ask(
                privacy_user, scope, subject_id=conversation.subject_id, phrases=["ORD-909090"], **fields
            )

        small, big = query_counts_as_the_subject_grows(client, make, ["privacy:detail"])

        assert small == big

    def test_a_completed_request_and_its_receipt_cost_the_same_queries_for_a_bigger_subject(
        self, client, privacy_user
    ):
        client.force_login(privacy_user)

        def make(conversation):
            made = ask(privacy_user, "subject", subject_id=conversation.subject_id)
            completed(made)
            made.refresh_from_db()
            assert made.status == ForgetRequest.Status.COMPLETED
            return made

        small, big = query_counts_as_the_subject_grows(client, make, ["privacy:detail", "privacy:receipt"])

        assert small == big


@pytest.mark.parametrize(
    "counts,words",
    [
        (
            {"values": 0, "embeddings": 2, "conversations_deleted": 0, "turns_deleted": 2},
            "the embeddings of 2 turns and the ids of 2 turns",
        ),
        (
            {"values": 1, "embeddings": 0, "conversations_deleted": 0, "turns_deleted": 0},
            "1 value",
        ),
        (
            {"values": 3, "embeddings": 12, "conversations_deleted": 1, "turns_deleted": 12},
            "3 values, the embeddings of 12 turns and the ids of 1 conversation and 12 turns",
        ),
        (
            {"values": 0, "embeddings": 0, "conversations_deleted": 0, "turns_deleted": 0},
            "nothing: the request named nothing stored",
        ),
    ],
)
def test_the_receipt_says_what_the_scan_looked_for_leaving_out_what_there_was_none_of(counts, words):
    assert checked_for(counts) == words


class TestTheConfirmationOfAnApproval:
    def test_the_approver_is_led_to_what_was_done_with_the_receipt(
        self, client, second_privacy_user, made, django_capture_on_commit_callbacks
    ):
        client.force_login(second_privacy_user)
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("privacy:approve", args=[made.pk]), {"note": "identity checked"})

        assert response["Location"] == reverse("privacy:detail", args=[made.pk]) + "?approved=1"
        body = client.get(response["Location"]).content.decode()
        confirmation = body[body.index('<div id="forget-outcome"') :]
        confirmation = confirmation[: confirmation.index("</div>\n</div>")]
        assert 'role="status"' in confirmation and "autofocus" in confirmation
        assert "Forgotten for good:</strong> one conversation." in confirmation
        # conv-forget-me: 4 turns, their index entries, the conversation and its derived rows.
        counts = made.store_counts.all()
        removed = sum(count.removed for count in counts)
        assert removed >= 5 and f"{removed} rows removed" in confirmation
        assert reverse("privacy:receipt", args=[made.pk]) in confirmation

    def test_no_one_else_is_told_they_approved_it(self, client, privacy_user, made):
        completed(made)
        client.force_login(privacy_user)  # who asked, not who approved

        body = client.get(reverse("privacy:detail", args=[made.pk]) + "?approved=1").content.decode()

        assert "forget-outcome" not in body and "Carried out and verified" in body

    def test_the_polled_progress_brings_the_outcome_once_the_run_ends(
        self, client, second_privacy_user, made
    ):
        ForgetRequest.objects.filter(pk=made.pk).update(
            status=ForgetRequest.Status.RUNNING, decided_by=second_privacy_user
        )
        client.force_login(second_privacy_user)
        poll = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "forget-progress"}
        url = reverse("privacy:detail", args=[made.pk]) + "?approved=1"

        page = client.get(url).content.decode()
        running = client.get(url, **poll).content.decode()
        ForgetRequest.objects.filter(pk=made.pk).update(status=ForgetRequest.Status.FAILED, error="boom")
        failed = client.get(url, **poll).content.decode()

        assert "is being forgotten now" in page and f'hx-get="{url}"' in page
        assert "forget-outcome" not in running  # said once, not again at every poll
        assert 'id="request-facts"' not in running and '<dl id="request-facts"' in failed
        assert '<div id="forget-outcome" hx-swap-oob="innerHTML">' in failed
        assert "<strong>Not done:</strong>" in failed


def failed(made, approver):
    """The request approved by ``approver``, started, and given up on: it waits to be run again."""
    ForgetRequest.objects.filter(pk=made.pk).update(status=ForgetRequest.Status.APPROVED, decided_by=approver)
    forget._start(made.pk)
    forget.forget_give_up(request_id=made.pk, error="OperationalError: the database went away")


def outcome_of(body: str) -> str:
    confirmation = body[body.index('<div id="forget-outcome"') :]
    return confirmation[: confirmation.index("</div>\n</div>")]


class TestTheConfirmationOfRunningAgain:
    def test_who_runs_it_again_is_told_what_was_done_like_an_approver(
        self, client, privacy_user, second_privacy_user, made, django_capture_on_commit_callbacks
    ):
        failed(made, second_privacy_user)
        client.force_login(privacy_user)  # any officer may run it again, here the one who asked
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("privacy:retry", args=[made.pk]), {"note": "database back"})

        assert response["Location"] == reverse("privacy:detail", args=[made.pk]) + "?retried=1"
        confirmation = outcome_of(client.get(response["Location"]).content.decode())
        assert 'role="status"' in confirmation and "autofocus" in confirmation
        assert "Forgotten for good:</strong> one conversation." in confirmation
        removed = sum(count.removed for count in made.store_counts.all())
        assert removed >= 5 and f"{removed} rows removed" in confirmation
        assert "the scan that followed found nothing left" in confirmation
        assert reverse("privacy:receipt", args=[made.pk]) in confirmation
        assert reverse("privacy:receipt-json", args=[made.pk]) in confirmation

    def test_while_it_runs_again_the_box_says_so_and_the_poll_keeps_asking_for_it(
        self, client, privacy_user, second_privacy_user, made
    ):
        failed(made, second_privacy_user)
        made.refresh_from_db()
        forget.forget_request_retry(request=made, actor=privacy_user, reason="database back")
        client.force_login(privacy_user)
        url = reverse("privacy:detail", args=[made.pk]) + "?retried=1"

        page = client.get(url).content.decode()

        assert "<strong>Running again:</strong> one conversation" in outcome_of(page)
        assert f'hx-get="{url}"' in page

    def test_no_one_but_who_ran_it_again_is_told(self, client, privacy_user, second_privacy_user, made):
        failed(made, second_privacy_user)
        made.refresh_from_db()
        forget.forget_request_retry(request=made, actor=privacy_user, reason="database back")
        client.force_login(second_privacy_user)  # approved it, but did not run it again

        body = client.get(reverse("privacy:detail", args=[made.pk]) + "?retried=1").content.decode()

        assert "forget-outcome" not in body and "?retried=1" not in body

    def test_the_confirmation_costs_one_query_whatever_the_size_of_the_subject(
        self, client, privacy_user, second_privacy_user, django_capture_on_commit_callbacks
    ):
        client.force_login(privacy_user)
        counts = []
        for size in (3, 30):
            conversation = ConversationFactory(subject_id=f"cust-again-{size}")
            for seq in range(1, size + 1):
                TurnFactory(conversation=conversation, seq=seq, content=f"turn {seq} with ORD-909090")
            made = ask(privacy_user, "subject", subject_id=conversation.subject_id)
            failed(made, second_privacy_user)
            made.refresh_from_db()
            with django_capture_on_commit_callbacks(execute=True):
                forget.forget_request_retry(request=made, actor=privacy_user, reason="database back")
            seen = []
            for query in ("", "?retried=1"):
                with CaptureQueriesContext(connection) as queries:
                    body = client.get(reverse("privacy:detail", args=[made.pk]) + query).content.decode()
                seen.append(len(queries))
            assert "Forgotten for good" in body
            counts.append(tuple(seen))

        assert counts[0] == counts[1]
        assert counts[0][1] == counts[0][0] + 1  # who ran it again: one look at the audit log
