"""The dashboard's fact actions: htmx forms answered with the card they changed, honest status codes."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from conversations.models import Summary
from conversations.services import memory_refresh_request
from facts.models import PinnedFact
from memadmin.models import AuditEntry
from tests.factories import ConversationFactory, PinnedFactFactory, TurnFactory


@pytest.fixture
def fact(refund_chat):
    return PinnedFactFactory(conversation=refund_chat)


def action_url(conversation, fact, action) -> str:
    return f"/conversations/{conversation.pk}/facts/{fact.pk}/{action}/"


def post(client, path, data, *, htmx=True, target=""):
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": target} if htmx else {}
    return client.post(path, data, **headers)


def correct(client, conversation, fact, **data):
    body = {"value": "£150.00", "reason": "agent confirmed", "updated_at": fact.updated_at.isoformat()} | data
    return post(client, action_url(conversation, fact, "correct"), body, target=f"fact-card-{fact.pk}")


@pytest.mark.django_db
class TestCorrectInPlace:
    def test_it_answers_with_the_new_card_its_history_and_the_audit_time(
        self, client, support_user, refund_chat, fact
    ):
        client.force_login(support_user)

        response = correct(client, refund_chat, fact)

        assert response.status_code == 200
        new = PinnedFact.objects.get(conversation=refund_chat, status="active")
        html = response.content.decode()
        assert html.lstrip().startswith(f'<article id="fact-card-{new.pk}"')
        assert "<html" not in html
        assert "£150.00" in html and "<s>£147.50</s>" in html
        entry = AuditEntry.objects.get(action="memadmin.fact.corrected")
        assert f"{entry.at:%H:%M:%S} UTC" in html
        assert "agent confirmed" in html

    def test_a_summary_quoting_the_old_value_is_flagged_and_a_resummarise_offered(
        self, client, support_user, refund_chat, fact
    ):
        Summary.objects.create(
            conversation=refund_chat,
            kind="rolling",
            version=1,
            upto_seq=2,
            body="Refund £147.50.",
            provider="l",
            model="m",
        )
        client.force_login(support_user)

        html = correct(client, refund_chat, fact).content.decode()

        assert "The rolling summary v1 still quotes" in html
        assert "Re-summarise the rolling summary" in html

    def test_without_javascript_it_redirects_to_the_card(self, client, support_user, refund_chat, fact):
        client.force_login(support_user)

        response = post(
            client,
            action_url(refund_chat, fact, "correct"),
            {"value": "£150.00", "reason": "agent confirmed"},
            htmx=False,
        )

        new = PinnedFact.objects.get(conversation=refund_chat, status="active")
        assert response.status_code == 303
        assert response["Location"].endswith(f"?tab=facts#fact-card-{new.pk}")

    def test_an_empty_reason_is_422_with_the_form_open_and_nothing_changes(
        self, client, support_user, refund_chat, fact
    ):
        client.force_login(support_user)

        response = correct(client, refund_chat, fact, reason="  ")

        assert response.status_code == 422
        html = response.content.decode()
        assert "Say why." in html
        assert 'value="£150.00"' in html  # what was typed is kept
        assert PinnedFact.objects.filter(conversation=refund_chat).count() == 1
        assert not AuditEntry.objects.exists()

    def test_a_stale_form_is_409_with_the_card_as_it_is_now(self, client, support_user, refund_chat, fact):
        client.force_login(support_user)
        seen = fact.updated_at.isoformat()
        fact.needs_review = True
        fact.save()

        response = correct(client, refund_chat, fact, updated_at=seen)

        assert response.status_code == 409
        html = response.content.decode()
        assert "changed by someone else" in html
        assert f'value="{fact.updated_at.isoformat()}"' in html
        assert PinnedFact.objects.filter(conversation=refund_chat).count() == 1

    def test_a_fact_already_corrected_by_someone_else_is_409_with_the_new_card(
        self, client, support_user, admin_user, refund_chat, fact
    ):
        client.force_login(admin_user)
        correct(client, refund_chat, fact, value="£149.00")
        client.force_login(support_user)

        response = correct(client, refund_chat, fact)

        assert response.status_code == 409
        new = PinnedFact.objects.get(conversation=refund_chat, status="active")
        assert f'id="fact-card-{new.pk}"' in response.content.decode()
        assert new.value == "£149.00"


@pytest.mark.django_db
class TestWhoMayAct:
    @pytest.mark.parametrize("persona", ["qa_user", "privacy_user", "outsider", "service_user"])
    def test_roles_that_only_read_get_403_naming_the_role(self, request, client, refund_chat, fact, persona):
        client.force_login(request.getfixturevalue(persona))

        response = correct(client, refund_chat, fact)

        assert response.status_code == 403
        assert b"support or admin" in response.content
        assert PinnedFact.objects.count() == 1

    def test_signed_out_is_sent_to_sign_in(self, client, refund_chat, fact):
        response = correct(client, refund_chat, fact)

        assert response.status_code == 302
        assert "/login/" in response["Location"]

    @pytest.mark.parametrize("persona", ["qa_user", "privacy_user"])
    def test_the_page_hides_the_actions_from_roles_that_only_read(
        self, request, client, refund_chat, fact, persona
    ):
        client.force_login(request.getfixturevalue(persona))

        html = client.get(f"/conversations/{refund_chat.pk}/").content.decode()

        assert f'id="fact-card-{fact.pk}"' in html
        assert "/correct/" not in html and "Re-summarise" not in html

    def test_the_page_shows_them_to_support(self, client, support_user, refund_chat, fact):
        client.force_login(support_user)

        html = client.get(f"/conversations/{refund_chat.pk}/").content.decode()

        for action in ("correct", "temporary", "retract", "flag"):
            assert action_url(refund_chat, fact, action) in html
        assert f"/conversations/{refund_chat.pk}/memory/resummarise/" in html

    def test_a_fact_of_another_conversation_is_404(self, client, support_user, refund_chat):
        other = PinnedFactFactory(conversation=ConversationFactory())
        client.force_login(support_user)

        assert correct(client, refund_chat, other).status_code == 404
        assert (
            post(client, f"/conversations/987654/facts/{other.pk}/retract/", {"reason": "r"}).status_code
            == 404
        )
        assert post(client, action_url(refund_chat, other, "explode"), {"reason": "r"}).status_code == 404

    def test_get_is_refused(self, client, support_user, refund_chat, fact):
        client.force_login(support_user)

        assert client.get(action_url(refund_chat, fact, "correct")).status_code == 405


@pytest.mark.django_db
class TestOtherActionsInPlace:
    def test_undo_answers_with_the_restored_card(self, client, support_user, refund_chat, fact):
        client.force_login(support_user)
        correct(client, refund_chat, fact)
        new = PinnedFact.objects.get(conversation=refund_chat, status="active")

        response = post(client, action_url(refund_chat, new, "undo"), {"reason": "wrong customer"})

        assert response.status_code == 200
        assert f'id="fact-card-{fact.pk}"' in response.content.decode()
        fact.refresh_from_db()
        assert fact.status == "active"

    def test_temporary_until_a_date_then_durable(self, client, support_user, refund_chat, fact):
        client.force_login(support_user)
        until = timezone.localdate() + timedelta(days=4)

        marked = post(
            client,
            action_url(refund_chat, fact, "temporary"),
            {"scope": "until", "until": until, "reason": "trip"},
        )
        durable = post(client, action_url(refund_chat, fact, "durable"), {"reason": "habit"})

        assert marked.status_code == 200 and "Marked temporary" in marked.content.decode()
        assert durable.status_code == 200 and "Made durable" in durable.content.decode()
        fact.refresh_from_db()
        assert (fact.status, fact.temporary_until) == ("active", None)

    @pytest.mark.parametrize(
        "data", [{"scope": "until", "reason": "r"}, {"scope": "until", "until": "2001-01-01", "reason": "r"}]
    )
    def test_temporary_without_a_future_date_is_422(self, client, support_user, refund_chat, fact, data):
        client.force_login(support_user)

        response = post(client, action_url(refund_chat, fact, "temporary"), data)

        assert response.status_code == 422
        fact.refresh_from_db()
        assert fact.status == "active"

    def test_retract_and_flag(self, client, support_user, refund_chat, fact):
        client.force_login(support_user)

        flagged = post(client, action_url(refund_chat, fact, "flag"), {"needs_review": "1", "reason": "odd"})
        retracted = post(client, action_url(refund_chat, fact, "retract"), {"reason": "never said"})

        assert flagged.status_code == 200 and "needs review" in flagged.content.decode()
        assert retracted.status_code == 200 and "retracted" in retracted.content.decode()

    def test_the_tabs_count_of_current_facts_follows_it(self, client, support_user, refund_chat, fact):
        PinnedFactFactory(conversation=refund_chat, key="order_id", type="identifier", value="ORD-1")
        client.force_login(support_user)

        flagged = post(client, action_url(refund_chat, fact, "flag"), {"needs_review": "1", "reason": "odd"})
        retracted = post(client, action_url(refund_chat, fact, "retract"), {"reason": "never said"})

        # Sent beside the card, swapped by htmx into the tab's label wherever it is on the page.
        assert '<span id="facts-count" hx-swap-oob="true">2</span>' in flagged.content.decode()
        assert '<span id="facts-count" hx-swap-oob="true">1</span>' in retracted.content.decode()

    def test_retracting_twice_is_409(self, client, support_user, refund_chat, fact):
        client.force_login(support_user)
        post(client, action_url(refund_chat, fact, "retract"), {"reason": "never said"})

        assert post(client, action_url(refund_chat, fact, "retract"), {"reason": "again"}).status_code == 409


@pytest.mark.django_db
class TestPinMissedWords:
    def url(self, conversation):
        return f"/conversations/{conversation.pk}/facts/add/"

    def test_the_selection_becomes_a_staff_fact_answered_with_its_card(
        self, client, support_user, refund_chat
    ):
        client.force_login(support_user)
        data = {
            "source_seq": 1,
            "span_start": 14,
            "span_end": 21,
            "value": "£147.50",
            "type": "amount",
            "key": "refund_amount",
            "reason": "missed",
        }

        response = post(client, self.url(refund_chat), data, target="add-fact-result")

        fact = PinnedFact.objects.get(conversation=refund_chat)
        body = response.content.decode()
        assert response.status_code == 200
        assert (fact.span_start, fact.span_end, fact.origin) == (14, 21, "staff")
        # The answer is the facts list holding the new card, not a card in the header's result area.
        assert (response["HX-Retarget"], response["HX-Reswap"]) == ("#facts-panel", "outerHTML")
        assert body.lstrip().startswith('<div id="facts-panel">')
        card = body[body.index(f'id="fact-card-{fact.pk}"') :]
        assert card.index('class="action-done"') < card.index("</article>")
        assert '<div id="add-fact-result" hx-swap-oob="innerHTML"></div>' in body
        assert '<span id="facts-count" hx-swap-oob="true">1</span>' in body

    def test_a_new_fact_past_the_first_page_is_shown_on_its_page(self, client, support_user, refund_chat):
        for number in range(55):
            PinnedFactFactory(
                conversation=refund_chat, key=f"amount_{number}", value=f"£{number}.99", source_seq=1
            )
        TurnFactory(conversation=refund_chat, seq=3, content="The courier was Speedy Parcels.")
        client.force_login(support_user)
        data = {"source_seq": 3, "span_start": 16, "span_end": 30, "value": "Speedy Parcels"}
        data |= {"type": "identifier", "key": "courier", "reason": "missed"}

        response = post(client, self.url(refund_chat), data, target="add-fact-result")
        plain = post(client, self.url(refund_chat), data | {"key": "carrier"}, htmx=False)

        fact = PinnedFact.objects.get(conversation=refund_chat, key="courier")
        body = response.content.decode()
        assert f'id="fact-card-{fact.pk}"' in body  # on page 2: 55 facts from turn 1 come first
        assert "amount_0<" not in body
        again = PinnedFact.objects.get(conversation=refund_chat, key="carrier")
        assert plain.status_code == 303
        assert plain["Location"].endswith(f"?tab=facts&facts_page=2#fact-card-{again.pk}")

    @pytest.mark.parametrize(
        ("data", "status"),
        [
            ({"source_seq": 2, "span_start": 0, "span_end": 4, "value": "Nope"}, 422),
            ({"source_seq": 9, "span_start": 0, "span_end": 4, "value": "Done"}, 422),
            ({"source_seq": 2, "span_start": 0, "span_end": 4, "value": "Done", "reason": ""}, 422),
        ],
    )
    def test_a_bad_selection_says_why_and_pins_nothing(self, client, support_user, refund_chat, data, status):
        client.force_login(support_user)
        body = {"type": "amount", "key": "refund_amount", "reason": "missed"} | data

        response = post(client, self.url(refund_chat), body, target="add-fact-result")

        assert response.status_code == status
        assert 'class="action-error"' in response.content.decode()
        assert not PinnedFact.objects.exists()

    def test_each_problem_is_named_as_the_form_names_its_box_and_links_to_it(
        self, client, support_user, refund_chat
    ):
        client.force_login(support_user)
        body = {"source_seq": 2, "span_start": 0, "span_end": 4, "value": "Done", "key": "refund_amount"}

        response = post(
            client, self.url(refund_chat), body | {"type": "", "reason": "   "}, target="add-fact-result"
        )

        assert response.status_code == 422
        html = response.content.decode()
        assert '<li><a href="#add-type">Type</a>: This field is required.</li>' in html
        assert '<li><a href="#add-reason">Why</a>: Say why.</li>' in html
        assert "reason:" not in html and "type:" not in html  # not the fields' names in the code
        # The problems take the focus, so a keyboard user hears them and reaches the links.
        assert 'role="alert" tabindex="-1" data-focus-here' in html


@pytest.mark.django_db
class TestQueryCounts:
    def test_a_correction_takes_the_same_queries_with_ten_times_the_turns_and_facts(
        self, client, support_user, refund_chat
    ):
        client.force_login(support_user)

        def queries_for_one_correction() -> int:
            fact = PinnedFactFactory(
                conversation=refund_chat, key="order_total", value=f"£{PinnedFact.objects.count()}.10"
            )
            client.get(f"/conversations/{refund_chat.pk}/")  # warm the session
            with CaptureQueriesContext(connection) as captured:
                assert correct(client, refund_chat, fact).status_code == 200
            return len(captured)

        queries_for_one_correction()  # the first creates the memory state row
        few = queries_for_one_correction()
        for seq in range(3, 30):
            TurnFactory(conversation=refund_chat, seq=seq, content=f"Turn {seq} about £{seq}.00")
        for number in range(15):
            PinnedFactFactory(
                conversation=refund_chat,
                key=f"amount_{number}",
                value=f"£{number}.99",
                source_seq=3 + number,
            )
        many = queries_for_one_correction()

        assert many == few


@pytest.mark.django_db
class TestMemoryActions:
    @pytest.fixture
    def refreshed(self, refund_chat, settings):
        from conversations.memory import memory_refresh

        memory_refresh(conversation_id=refund_chat.pk, trigger="on_demand")
        return refund_chat

    def test_resummarise_runs_after_the_response_and_the_status_shows_the_diff(
        self, client, support_user, refreshed, django_capture_on_commit_callbacks
    ):
        client.force_login(support_user)
        fact = PinnedFact.objects.get(conversation=refreshed, key="refund_amount")
        correct(client, refreshed, fact)

        with django_capture_on_commit_callbacks(execute=True):
            response = post(
                client,
                f"/conversations/{refreshed.pk}/memory/resummarise/",
                {"kinds": "rolling", "reason": "quotes the old refund"},
                target="memory-actions",
            )

        assert response.status_code == 200
        html = response.content.decode()
        assert html.lstrip().startswith('<div id="memory-actions"')
        status_url = html.split('hx-get="')[-1].split('"')[0].replace("&amp;", "&")
        status = client.get(status_url, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="memory-status")
        body = status.content.decode()
        assert status.status_code == 200
        assert "Committed" in body and 'data-done="true"' in body and "hx-get" not in body
        # The summary's own numbers (its second version), not the memory's (3, after the correction).
        assert "Rolling summary v1 → v2" in body and "memory v2 → v3" in body
        assert "<ins>" in body and "corrected by staff: £150.00" in body

    def test_while_it_is_queued_the_status_keeps_polling(self, client, support_user, refreshed):
        client.force_login(support_user)
        run = memory_refresh_request(
            conversation=refreshed, actor=support_user, reason="r", kinds=["rolling"]
        )

        response = client.get(f"/conversations/{refreshed.pk}/memory/status/?run={run.pk}&kinds=rolling")

        assert response.status_code == 200
        assert (
            "queued" in response.content.decode()
            and 'hx-trigger="load delay:1s"' in response.content.decode()
        )

    def test_an_empty_reason_is_422_with_the_form_open(self, client, support_user, refreshed):
        client.force_login(support_user)

        response = post(
            client, f"/conversations/{refreshed.pk}/memory/resummarise/", {"kinds": "both", "reason": ""}
        )

        assert response.status_code == 422
        assert "Say why." in response.content.decode()
        assert not AuditEntry.objects.filter(action__startswith="memadmin.memory").exists()

    def test_reindex_indexes_what_is_missing_and_says_so(
        self, client, support_user, refund_chat, django_capture_on_commit_callbacks
    ):
        client.force_login(support_user)

        with django_capture_on_commit_callbacks(execute=True):
            response = post(
                client, f"/conversations/{refund_chat.pk}/memory/reindex/", {"reason": "new model"}
            )

        status_url = response.content.decode().split('hx-get="')[-1].split('"')[0].replace("&amp;", "&")
        body = client.get(status_url, HTTP_HX_REQUEST="true").content.decode()
        assert "2 of 2 turns indexed" in body and 'data-done="true"' in body
        assert AuditEntry.objects.get(action="memadmin.memory.reindex_requested").reason == "new model"

    @pytest.mark.parametrize("persona", ["qa_user", "privacy_user"])
    def test_reading_roles_get_403(self, request, client, refund_chat, persona):
        client.force_login(request.getfixturevalue(persona))

        for action in ("resummarise", "reindex"):
            response = post(client, f"/conversations/{refund_chat.pk}/memory/{action}/", {"reason": "r"})
            assert response.status_code == 403

    def test_a_missing_run_is_400_and_a_run_of_another_conversation_404(
        self, client, support_user, refreshed
    ):
        other = memory_refresh_request(conversation=ConversationFactory(), actor=support_user, reason="r")
        client.force_login(support_user)
        status = f"/conversations/{refreshed.pk}/memory/status/"

        assert client.get(f"{status}?run=soon").status_code == 400
        assert client.get(f"{status}?run={other.pk}").status_code == 404

    def test_the_status_takes_the_same_queries_with_ten_times_the_turns_and_versions(
        self, client, support_user, refreshed, django_capture_on_commit_callbacks
    ):
        from conversations.memory import memory_refresh

        client.force_login(support_user)

        def status_queries() -> int:
            with django_capture_on_commit_callbacks(execute=True):
                run = memory_refresh_request(
                    conversation=refreshed, actor=support_user, reason="r", kinds=["rolling"]
                )
            url = f"/conversations/{refreshed.pk}/memory/status/?run={run.pk}&kinds=rolling"
            client.get(url)  # warm the session
            with CaptureQueriesContext(connection) as captured:
                assert 'data-done="true"' in client.get(url, HTTP_HX_REQUEST="true").content.decode()
            return len(captured)

        few = status_queries()
        for seq in range(3, 30):
            TurnFactory(
                conversation=refreshed, seq=seq, content=f"Refund £{seq}.00 for ORD-{seq:05d}, please."
            )
        for _ in range(9):
            memory_refresh(conversation_id=refreshed.pk, trigger="on_demand", force=True)
        many = status_queries()

        assert many == few
