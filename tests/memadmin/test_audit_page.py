import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from conversations.models import LabelledQuery
from conversations.services import memory_refresh_request
from facts.models import PinnedFact
from memadmin.api_tokens import api_token_create
from memadmin.audit import audit_record
from memadmin.audit_views import ENTRIES_PER_PAGE
from memadmin.models import AuditEntry
from privacy.models import ForgetRequest
from qa.models import EvaluationRun, GoldSet, Label, LabelSet
from tests.factories import ConversationFactory, TurnFactory

URL = "/audit/"


def entries(response) -> list[str]:
    return [entry.action for entry, _, _ in response.context["rows"]]


def on_cells(response) -> list[str]:
    """The "On" cell of each row, its markup with runs of white space made one space."""
    cells = re.findall(r'<td class="on" data-label="On">(.*?)</td>', response.content.decode(), re.S)
    return [" ".join(cell.split()) for cell in cells]


def forget_request(requester, **fields) -> ForgetRequest:
    return ForgetRequest.objects.create(
        scope=ForgetRequest.Scope.SUBJECT,
        subject_id="cust-private-77",
        subject_pseudonym="a1b2c3d4e5f6a7b8c9d0",
        legal_basis=ForgetRequest.LegalBasis.ERASURE,
        reason="asked by phone",
        deadline=timezone.localdate() + timedelta(days=30),
        requested_by=requester,
        **fields,
    )


@pytest.fixture
def log(db, support_user, admin_user):
    """A few entries by two people, on two conversations, on different days."""
    first = ConversationFactory(external_id="conv-first")
    second = ConversationFactory(external_id="conv-second")
    fact = PinnedFact.objects.create(
        conversation=second, type="identifier", key="order_id", value="ORD-1", source_seq=1, origin="staff"
    )
    made = [
        audit_record(
            actor=support_user,
            action="memadmin.fact.corrected",
            target=fact,
            before={"value": "ORD-0"},
            after={"value": "ORD-1"},
            reason="customer said so",
        ),
        audit_record(actor=admin_user, action="memadmin.user.created", after={"roles": ["qa"]}),
        audit_record(
            actor=support_user, action="memadmin.memory.refresh_requested", target=first, reason="stale"
        ),
        audit_record(actor=None, action="memadmin.record.imported", after={"source": "x.jsonl"}),
    ]
    AuditEntry.objects.filter(pk=made[1].pk).update(at=timezone.now() - timedelta(days=3))
    return {"first": first, "second": second, "entries": made}


def locker_label(conversation, annotator) -> tuple[LabelSet, Label]:
    """An annotator's label set of ``conversation`` with one label: the locker said in turn 2."""
    label_set = LabelSet.objects.create(conversation=conversation, annotator=annotator)
    label = Label.objects.create(
        label_set=label_set,
        type="identifier",
        key="locker",
        value="L9",
        source_seq=2,
        span_start=0,
        span_end=2,
    )
    return label_set, label


@pytest.mark.django_db
class TestWhoMayReadTheLog:
    @pytest.mark.parametrize("persona", ["support_user", "qa_user", "privacy_user", "admin_user"])
    def test_every_staff_role_reads_it(self, request, client, persona, log):
        client.force_login(request.getfixturevalue(persona))

        response = client.get(URL)

        assert response.status_code == 200
        assert len(response.context["rows"]) == 4

    @pytest.mark.parametrize("persona", ["service_user", "outsider"])
    def test_others_are_refused_and_told_which_role_is_needed(self, request, client, persona):
        client.force_login(request.getfixturevalue(persona))

        response = client.get(URL)

        assert response.status_code == 403
        assert "support, qa, privacy or admin role" in response.content.decode()

    def test_signed_out_visitors_are_sent_to_sign_in(self, client):
        assert client.get(URL)["Location"].startswith("/login/")


@pytest.mark.django_db
class TestTheLogCannotBeChanged:
    @pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
    def test_no_method_but_reading_is_accepted(self, client, admin_user, log, method):
        client.force_login(admin_user)

        response = getattr(client, method)(URL)

        assert response.status_code == 405
        assert AuditEntry.objects.count() == 4


@pytest.mark.django_db
class TestFilters:
    @pytest.fixture(autouse=True)
    def _signed_in(self, client, qa_user):
        client.force_login(qa_user)

    def test_only_changed_fields_are_drawn_as_changes_and_fact_keys_are_not_masked(
        self, client, support_user
    ):
        audit_record(
            actor=support_user,
            action="memadmin.fact.corrected",
            before={"key": "order_id", "value": "ORD-1", "status": "active", "password": "x"},
            after={"key": "order_id", "value": "ORD-2", "status": "active", "password": "y"},
            reason="typo",
        )

        body = client.get(URL).content.decode()

        assert "<del>ORD-1</del> → <ins>ORD-2</ins>" in body
        assert "unchanged: key, status" in body
        assert "<dt>password</dt><dd><del>••••</del> → <ins>••••</ins></dd>" in body
        assert "order_id" not in body  # unchanged, so not drawn as a change
        assert "<del>active</del>" not in body

    def test_an_empty_value_reads_as_a_dash_not_as_null_or_nothing(self, client, support_user):
        audit_record(
            actor=support_user,
            action="memadmin.fact.marked_temporary",
            before={"until": None, "normalised": "2026-03-01"},
            after={"until": "2026-12-31", "normalised": ""},
            reason="only while abroad",
        )

        body = client.get(URL).content.decode()

        assert "null" not in body
        assert (
            '<dt>until</dt><dd><span class="none" title="empty">—</span> → <ins>2026-12-31</ins></dd>' in body
        )
        assert (
            '<dt>normalised</dt><dd><del>2026-03-01</del> → <span class="none" title="empty">—</span></dd>'
            in body
        )

    def test_a_field_added_or_removed_with_nothing_in_it_says_so_rather_than_dash_to_dash(
        self, client, support_user
    ):
        audit_record(
            actor=support_user,
            action="memadmin.fact.corrected",
            before={"value": "ORD-1", "note": "", "until": None},
            after={"value": "ORD-2", "client": "", "until": ""},
            reason="typo",
        )

        body = client.get(URL).content.decode()

        assert '<dt>client</dt><dd><span class="none">added, empty</span></dd>' in body
        assert '<dt>note</dt><dd><span class="none">removed, was empty</span></dd>' in body
        # Empty either way (null then ""): nothing changed a person could see.
        assert "unchanged: until" in body
        assert "— → —" not in re.sub(r"<[^>]+>", "", body)

    def test_a_refresh_request_leaves_the_memory_unchanged_and_names_its_run(self, client, support_user):
        conversation = ConversationFactory()
        TurnFactory(conversation=conversation, seq=1, content="Where is my parcel?")
        run = memory_refresh_request(conversation=conversation, actor=support_user, reason="stale summary")

        body = client.get(URL).content.decode()

        assert "unchanged: version, summary_upto_seq" in body
        set_run = f'<span class="none" title="not set before">—</span> → <ins>{run.pk}</ins>'
        assert f"<dt>refresh_<wbr>run</dt><dd>{set_run}" in body  # a long name may wrap after "_"
        assert 'title="not set after"' not in body  # asking removes nothing

    def test_newest_first_with_before_after_and_why(self, client, log):
        response = client.get(URL)

        assert entries(response)[-1] == "memadmin.user.created"
        body = response.content.decode()
        assert "<del>ORD-0</del> → <ins>ORD-1</ins>" in body
        assert "customer said so" in body
        # A field set for the first time has nothing before it, shown as a grey dash, not a removal.
        assert '<span class="none" title="not set before">—</span> → <ins>[&quot;qa&quot;]</ins>' in body
        assert "<del>—</del>" not in body

    def test_by_person(self, client, log):
        assert entries(client.get(URL, {"person": "ada-admin"})) == ["memadmin.user.created"]
        assert entries(client.get(URL, {"person": "system"})) == ["memadmin.record.imported"]

    def test_by_conversation_external_id_or_id_including_changes_to_its_facts(self, client, log):
        assert entries(client.get(URL, {"conversation": "conv-second"})) == ["memadmin.fact.corrected"]
        assert entries(client.get(URL, {"conversation": str(log["first"].pk)})) == [
            "memadmin.memory.refresh_requested"
        ]

    def test_by_action_or_its_namespace(self, client, log):
        assert entries(client.get(URL, {"action": "memadmin.user.created"})) == ["memadmin.user.created"]
        assert len(entries(client.get(URL, {"action": "memadmin.fact"}))) == 1

    def test_actions_read_in_words_with_their_code_beside_them(self, client, log):
        audit_record(actor=None, action="privacy.forget.approved")
        audit_record(actor=None, action="memadmin.fact.marked_temporary")
        audit_record(actor=None, action="memadmin.unheard_of.thing")

        response = client.get(URL)
        body = response.content.decode()

        # A code may wrap after its dots and underscores (<wbr>), not inside a word.
        cells = [
            cell.strip().replace("<wbr>", "")
            for cell in re.findall(r'<td class="action">(.*?)</td>', body, re.S)
        ]
        assert "memadmin.<wbr>fact.<wbr>marked_<wbr>temporary" in body
        assert 'Forget request approved <code class="muted">privacy.forget.approved</code>' in cells
        assert 'Fact marked temporary <code class="muted">memadmin.fact.marked_temporary</code>' in cells
        assert 'Fact corrected <code class="muted">memadmin.fact.corrected</code>' in cells
        assert 'Re-summarise requested <code class="muted">memadmin.memory.refresh_requested</code>' in cells
        assert "memadmin.unheard_of.thing" in cells  # a code with no words for it reads as itself
        assert '<option value="memadmin.user.created">Account created</option>' in body

    def test_by_date(self, client, log):
        today = timezone.localdate()
        three_days_ago = (today - timedelta(days=3)).isoformat()

        assert len(entries(client.get(URL, {"since": today.isoformat()}))) == 3
        assert entries(client.get(URL, {"until": three_days_ago})) == ["memadmin.user.created"]

    def test_an_entry_about_a_deleted_conversation_keeps_its_id(self, client, log):
        conversation_id = log["first"].pk
        log["first"].delete()

        response = client.get(URL, {"conversation": str(conversation_id)})

        assert entries(response) == ["memadmin.memory.refresh_requested"]
        assert (
            f'Conversation #{conversation_id} <span class="muted">(deleted)</span>'
            in response.content.decode()
        )

    @pytest.mark.parametrize(
        ("params", "message"),
        [
            ({"conversation": "no-such"}, "No conversation has the external id"),
            ({"since": "yesterday"}, "Enter a valid date."),
            ({"since": "2026-05-02", "until": "2026-05-01"}, "is after the"),
        ],
    )
    def test_bad_filter_values_are_refused_with_a_reason(self, client, log, params, message):
        response = client.get(URL, params)

        assert response.status_code == 400
        body = response.content.decode()
        assert message in body
        assert f'<a href="{URL}">Show every entry</a>' in body  # the way back to the whole log

    def test_a_nul_character_in_a_filter_is_refused_with_a_reason(self, client, log):
        response = client.get(URL, {"person": "a\x00b"})

        assert response.status_code == 400
        assert (
            "Query parameter &#x27;person&#x27;: the value contains a NUL character"
            in response.content.decode()
        )

    def test_pages_keep_the_filters_and_say_which_way_is_older(self, client, support_user):
        for n in range(ENTRIES_PER_PAGE + 1):
            audit_record(actor=support_user, action="memadmin.fact.flagged", reason=f"look {n}")

        first = client.get(URL, {"action": "memadmin.fact"}).content.decode()
        second = client.get(URL, {"action": "memadmin.fact", "page": 2}).content.decode()

        assert "Page 1 of 2" in first
        assert 'href="?action=memadmin.fact&amp;page=2"' in first and "Older →" in first
        assert "Page 2 of 2" in second and "← Newer" in second and "Older →" not in second

    def test_a_table_request_gets_only_the_table(self, client, log):
        response = client.get(URL, {"person": "system"}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="audit-table")

        body = response.content.decode()
        assert body.lstrip().startswith('<div id="audit-table">')
        assert "<html" not in body

    def test_markup_in_a_reason_is_shown_as_text(self, client, support_user):
        audit_record(actor=support_user, action="memadmin.x", reason='<img src=x onerror="alert(1)">')

        body = client.get(URL).content.decode()

        assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in body
        assert "<img src=x" not in body

    def test_ten_times_the_entries_cost_the_same_queries(self, client, support_user, qa_user):
        def grow(count):
            for number in range(count):
                conversation = ConversationFactory()
                label_set = LabelSet.objects.create(conversation=conversation, annotator=qa_user)
                fact = PinnedFact.objects.create(
                    conversation=conversation,
                    type="identifier",
                    key="ref",
                    value="X",
                    source_seq=1,
                    origin="staff",
                )
                for target in (conversation, label_set, fact, forget_request(support_user)):
                    audit_record(
                        actor=support_user,
                        action=f"memadmin.a{number % 3}",
                        target=target,
                        before={"v": 1},
                        after={"v": 2},
                    )

        grow(4)
        client.get(URL)
        with CaptureQueriesContext(connection) as few:
            client.get(URL)
        grow(40)
        with CaptureQueriesContext(connection) as many:
            response = client.get(URL)

        assert len(response.context["rows"]) == ENTRIES_PER_PAGE
        assert response.context["page"].paginator.count == 44 * 4
        assert len(many) == len(few)


@pytest.mark.django_db
class TestWhatAnEntryIsAbout:
    """The "On" column names the changed row as a person knows it, linked when the viewer may open it."""

    @pytest.fixture
    def conversation(self):
        return ConversationFactory(external_id="conv-named", title="Parcel sent to the old flat")

    def test_a_label_set_is_named_by_annotator_and_conversation_title_and_links_to_adjudication(
        self, client, qa_user, admin_user, conversation
    ):
        label_set = LabelSet.objects.create(conversation=conversation, annotator=qa_user)
        audit_record(actor=qa_user, action="memadmin.qa.labels.submitted", target=label_set)
        client.force_login(admin_user)

        [cell] = on_cells(client.get(URL))

        adjudicate = f"/qa/conversations/{conversation.pk}/adjudicate/"
        words = f"Label set #{label_set.pk} by quinn-qa of “Parcel sent to the old flat”"
        assert f'<a href="{adjudicate}">{words}</a>' in cell
        assert f"<code>qa.<wbr>labelset #{label_set.pk}</code>" in cell  # the stored type stays readable
        assert (
            f'in <a href="/conversations/{conversation.pk}/"><code class="nowrap">conv-named</code></a>'
            in cell
        )

    def test_an_annotators_own_labels_link_to_their_labelling_page_not_to_adjudication(
        self, client, qa_user, conversation
    ):
        label_set, label = locker_label(conversation, qa_user)
        audit_record(actor=qa_user, action="memadmin.qa.label.added", target=label)
        audit_record(actor=qa_user, action="memadmin.qa.labels.submitted", target=label_set)
        client.force_login(qa_user)

        cells = on_cells(client.get(URL))

        own_page = f'<a href="/qa/conversations/{conversation.pk}/label/">'
        assert [own_page in cell for cell in cells] == [True, True]
        assert not any("/adjudicate/" in cell for cell in cells)

    def test_a_role_that_cannot_open_the_page_gets_the_words_without_the_link(
        self, client, qa_user, support_user, conversation
    ):
        label_set = LabelSet.objects.create(conversation=conversation, annotator=qa_user)
        audit_record(actor=qa_user, action="memadmin.qa.labels.submitted", target=label_set)
        client.force_login(support_user)

        [cell] = on_cells(client.get(URL))

        assert f"Label set #{label_set.pk} by quinn-qa of “Parcel sent to the old flat”" in cell
        assert "/adjudicate/" not in cell

    def test_a_fact_is_named_by_its_key_and_links_to_its_card(self, client, support_user, conversation):
        fact = PinnedFact.objects.create(
            conversation=conversation,
            type="identifier",
            key="booking_ref",
            value="QX7",
            source_seq=4,
            origin="staff",
        )
        audit_record(actor=support_user, action="memadmin.fact.flagged", target=fact, reason="odd")
        client.force_login(support_user)

        [cell] = on_cells(client.get(URL))

        card = f"/conversations/{conversation.pk}/#fact-card-{fact.pk}"
        assert f'<a href="{card}">Fact booking_ref from turn 4</a>' in cell

    def test_a_forget_request_names_its_scope_and_pseudonym_never_the_subject_id(
        self, client, privacy_user, support_user
    ):
        request = forget_request(privacy_user)
        audit_record(actor=privacy_user, action="privacy.forget.requested", target=request, reason="asked")

        client.force_login(privacy_user)
        [officer_cell] = on_cells(client.get(URL))
        client.force_login(support_user)
        [support_cell] = on_cells(client.get(URL))

        words = f"Forget request #{request.pk} (all of a subject), subject a1b2c3d4e5f6…"
        assert f'<a href="/privacy/{request.pk}/">{words}</a>' in officer_cell
        assert words in support_cell and "/privacy/" not in support_cell
        assert "cust-private-77" not in officer_cell + support_cell

    def test_labels_gold_sets_questions_runs_accounts_and_tokens_are_named(
        self, client, admin_user, qa_user, conversation
    ):
        _label_set, label = locker_label(conversation, qa_user)
        gold = GoldSet.objects.create(conversation=conversation, origin=GoldSet.Origin.ADJUDICATED)
        question = LabelledQuery.objects.create(
            conversation=conversation, query="Which locker did they pick?", evidence_seqs=[2]
        )
        run = EvaluationRun.objects.create(source=EvaluationRun.Source.STORED)
        token = api_token_create(user=qa_user, name="nightly export")[0]
        for target in (label, gold, question, run, qa_user, token):
            audit_record(actor=admin_user, action="memadmin.x.y", target=target)
        admin_user.is_staff = True  # the admin site, where accounts and tokens are read, wants both
        admin_user.save()
        client.force_login(admin_user)

        cells = on_cells(client.get(URL, {"action": "memadmin.x"}))

        title = "“Parcel sent to the old flat”"
        adjudicate = f"/qa/conversations/{conversation.pk}/adjudicate/"
        expected = [
            f'<a href="/admin/memadmin/apitoken/{token.pk}/change/">'
            "API token “nightly export” of quinn-qa</a>",
            f'<a href="/admin/auth/user/{qa_user.pk}/change/">Account quinn-qa</a>',
            f'<a href="/qa/runs/{run.pk}/">Evaluation run #{run.pk} of the stored facts</a>',
            f'<a href="/qa/conversations/{conversation.pk}/label/#queries-panel">'
            f"Retrieval question “Which locker did they pick?” of {title}</a>",
            f'<a href="{adjudicate}">Gold set of {title}</a>',
            f'<a href="{adjudicate}">Label locker in turn 2 of {title}</a>',
        ]
        assert len(cells) == len(expected)
        for cell, words in zip(cells, expected, strict=True):
            assert words in cell

    def test_a_conversation_is_named_once_by_its_title(self, client, support_user, conversation):
        audit_record(
            actor=support_user, action="memadmin.memory.reindex_requested", target=conversation, reason="x"
        )
        client.force_login(support_user)

        [cell] = on_cells(client.get(URL))

        assert (
            f'<a href="/conversations/{conversation.pk}/">Conversation “Parcel sent to the old flat”</a>'
            in cell
        )
        assert "in-conversation" not in cell  # not named a second time by its external id

    def test_a_row_since_deleted_is_named_by_its_kind_and_said_to_be_gone(
        self, client, support_user, conversation
    ):
        fact = PinnedFact.objects.create(
            conversation=conversation, type="identifier", key="ref", value="Q", source_seq=1, origin="staff"
        )
        entry = audit_record(actor=support_user, action="memadmin.fact.flagged", target=fact, reason="odd")
        fact_id = fact.pk
        fact.delete()
        client.force_login(support_user)

        [cell] = on_cells(client.get(URL))

        assert entry.target_id == str(fact_id)
        assert f'Fact #{fact_id} <span class="muted">(deleted)</span>' in cell
        assert "<a href" not in cell.split("in <a")[0]

    def test_a_type_the_page_has_no_words_for_reads_as_stored(self, client, support_user):
        AuditEntry.objects.create(
            actor_label="system", action="memadmin.x", target_type="elsewhere.thing", target_id="9"
        )
        client.force_login(support_user)

        [cell] = on_cells(client.get(URL))

        assert '<span class="target">elsewhere.thing #9</span>' in cell
        assert "(deleted)" not in cell
