"""Six everyday support matters; the forty-two generic demo conversations cycle through them."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import date, timedelta

from conversations.demo.builder import _ascii, _day, _money, _new, _next, _Person, _ref, _split, _weekday
from conversations.demo.tables import _APPLIANCES, _CARRIERS, _PRODUCTS, _WEEKDAYS


def _refund_damaged(rng: random.Random, eid: str, p: _Person) -> dict:
    """Damaged on arrival: a refund amount with a return condition, a case id, a label email."""
    product, price = rng.choice(_PRODUCTS)
    c = _new(rng, eid, p, f"Refund for damaged {product}", product)
    oid, case = _ref(rng, "ORD", 5), _ref(rng, rng.choice(("CASE", "TCK")), rng.choice((4, 5)))
    damage = rng.choice(("badly dented", "in two pieces", "scratched all down one side", "soaking wet"))
    pad = _split(rng, rng.randint(2, 10), 3)
    s_open = c.user(
        f"Hi, my {product} arrived {damage}. The order number is {oid}.",
        f"Hello — order {oid} turned up today and the {product} is {damage}. Not impressed.",
        f"Hi there, I've just unpacked the {product} from {oid} and it's {damage}.",
    )
    c.pin("identifier", "order_id", oid)
    c.agent(f"I'm so sorry, {p.first}. Could you send a photo of the item and the outer box?")
    c.user("Done, I've attached two photos — one of the damage and one of the packaging.")
    total = _money(p.cur, price)
    s_look = c.agent(
        "Thanks, that's clear. Let me pull up the order.",
        ("lookup_order", {"order_id": oid}, {"status": "delivered", "item": product, "total": total}),
    )
    window = f"within {rng.choice((14, 30))} days"
    offers = (
        f"I can refund the full {total}, provided the {product} is returned {window}.",
        f"Here's what I can do: a full refund of {total}, as long as it comes back {window}.",
    )
    s_offer = c.agent(rng.choice(offers))
    c.pin("amount", "refund_amount", total)
    c.pin("date", "return_window", window)
    method = rng.choice(("back to my original card", "on the card I paid with"))
    s_pref = c.user(f"That works. I'd like the money {method} please, not store credit.")
    c.pin("preference", "refund_method", method)
    s_case = c.agent(f"Of course. I've opened case {case} so the warehouse knows it's coming.")
    c.pin("identifier", "case_id", case)
    c.chat(pad[0])
    c.user("How do I send it back?")
    s_label = c.agent(f"A prepaid returns label is on its way to {p.email} — print it and drop it off.")
    c.pin("email", "label_email", p.email)
    c.chat(pad[1])
    c.user("And how long until I see the money?")
    eta = f"{rng.choice(('3 to 5', '5 to 7'))} working days"
    s_eta = c.agent(f"Once the warehouse scans it in, allow {eta} for it to reach your account.")
    c.pin("date", "refund_eta", eta)
    c.chat(pad[2])
    c.user("Great, thanks for sorting that.", "Perfect. Thank you!", "OK, cheers.")
    c.agent(f"You're welcome, {p.first}. Sorry again about the {product}.")
    c.ask(f"how much am I getting back for the {product}?", [s_offer], "single-hop")
    c.ask("what's my deadline for posting it back?", [s_offer], "temporal")
    c.ask(f"what happened with {oid}?", [s_open, s_look, s_offer], "exact")
    c.ask("where was the return label sent?", [s_label], "single-hop")
    c.ask("which case is it under and where is the money going?", [s_case, s_pref], "multi-hop")
    c.ask("when should the refund show up?", [s_eta], "temporal")
    return c.finish()


def _late_delivery(rng: random.Random, eid: str, p: _Person) -> dict:
    """A missing parcel: tracking lookup, a new date, an address check and a callback promise."""
    product, _ = rng.choice(_PRODUCTS)
    c = _new(rng, eid, p, f"Late delivery of {product}", product)
    oid, carrier = _ref(rng, "ORD", 5), rng.choice(_CARRIERS[p.region])
    tracking = f"{carrier[:2].upper()}{rng.randint(10**9, 10**10 - 1)}"
    promised = c.today - timedelta(days=rng.randint(2, 5))
    pad = _split(rng, rng.randint(2, 10), 3)
    s_open = c.user(
        f"My {product} was due on {_day(promised)} and still hasn't come. Order {oid}.",
        f"Hi, order {oid} should have arrived on {_day(promised)}. Nothing yet. Any idea?",
    )
    c.pin("identifier", "order_id", oid)
    c.pin("date", "original_delivery_date", _day(promised))
    result = {"carrier": carrier, "tracking_number": tracking, "last_scan": "held at local depot"}
    s_track = c.agent(
        f"Let me check. It's with {carrier} under tracking number {tracking}, held at their depot.",
        ("track_parcel", {"order_id": oid}, result),
    )
    c.pin("identifier", "tracking_number", tracking)
    c.user("So what happens now?", "Why is it stuck there?", "That's annoying. Now what?")
    new = c.today + timedelta(days=rng.randint(1, 3))
    s_new = c.agent(f"I've asked {carrier} to put it on the next van. The new date is {_day(new)}.")
    c.pin("date", "new_delivery_date", _day(new))
    c.chat(pad[0])
    c.user("Can you check you've got my address right? I don't want it going astray again.")
    c.agent("Of course — what's the full address, please?")
    s_addr = c.user(f"It's {p.address}.")
    c.pin("address", "delivery_address", p.address)
    c.agent("That matches what the courier has. Good.")
    c.chat(pad[1])
    c.user("And if it doesn't turn up then either?")
    promise = f"I'll call you back on {_weekday(new + timedelta(days=1))}"
    s_promise = c.agent(f"{promise} to arrange a replacement or a refund, whichever you prefer.")
    c.pin("commitment", "callback", promise)
    s_phone = c.user(f"Please use my mobile, {p.phone} — nobody answers the landline.")
    c.pin("phone", "mobile", p.phone)
    c.pin("preference", "contact_channel", "use my mobile")
    c.agent("Noted, mobile only.")
    c.chat(pad[2])
    if rng.random() < 0.5:
        c.resume((new - c.today).days, hour=rng.randint(12, 18))
        c.user(f"Just to say the {product} finally arrived this morning. Thanks for chasing.")
        c.agent("Brilliant, glad it made it! I'll close this off and cancel the callback.")
    c.ask("when is the parcel supposed to turn up now?", [s_new], "temporal")
    c.ask("who's delivering it and what's the tracking?", [s_track], "single-hop")
    c.ask(f"any news on {oid}?", [s_open, s_track, s_new], "exact")
    c.ask("where is it being delivered?", [s_addr], "single-hop")
    c.ask("what day will you ring me, and on which number?", [s_promise, s_phone], "multi-hop")
    return c.finish()


def _double_charge(rng: random.Random, eid: str, p: _Person) -> dict:
    """A duplicate card payment: account id, amount, charge date, ticket, a billing preference."""
    product, price = rng.choice(_PRODUCTS)
    c = _new(rng, eid, p, "Charged twice for one order", product)
    account, ticket = f"AC-{rng.randint(100000, 999999)}", _ref(rng, "TCK", 4)
    amount, charged = _money(p.cur, price), c.today - timedelta(days=rng.randint(1, 6))
    pad = _split(rng, rng.randint(2, 10), 2)
    s_open = c.user(
        f"I've been charged twice! {amount} left my account twice on {_day(charged)}.",
        f"Hi, my bank shows two payments of {amount} to you on {_day(charged)}. I only bought one {product}.",
    )
    c.pin("amount", "charged_amount", amount)
    c.pin("date", "charge_date", _day(charged))
    c.agent("Sorry about that. Could you give me your account number so I can check?")
    s_acc = c.user(f"It's {account}.")
    c.pin("identifier", "account_id", account)
    payments = [{"amount": amount, "status": "settled"}, {"amount": amount, "status": "duplicate"}]
    s_look = c.agent(
        "I can see both. The second one is a duplicate authorisation from a payment retry.",
        ("lookup_payments", {"account_id": account}, {"payments": payments}),
    )
    c.chat(pad[0])
    c.user("So can you reverse it?", "Right. And can you give it back?")
    days = rng.choice((3, 5, 7))
    s_ticket = c.agent(
        f"I've raised ticket {ticket} to reverse it. Expect the {amount} back within {days} working days."
    )
    c.pin("identifier", "ticket_id", ticket)
    c.pin("date", "reversal_eta", f"within {days} working days")
    s_mail = c.user(f"Can you confirm that in writing to {p.email}? The address on file is ancient.")
    c.pin("email", "confirmation_email", p.email)
    promise = rng.choice(("I'll send written confirmation today", "I'll email you the details today"))
    c.agent(f"{promise}, and I've updated your contact email while I'm at it.")
    c.pin("commitment", "written_confirmation", promise)
    c.chat(pad[1])
    s_pref = c.user("While you're there, please switch my statements to paperless.")
    c.pin("preference", "statements", "switch my statements to paperless")
    c.agent("Done — no more paper statements from next month.")
    c.user("Thanks, that's everything.")
    c.agent(f"Take care, {p.first}.")
    c.ask("how much did you take from me twice?", [s_open], "single-hop")
    c.ask(f"where are we with {ticket}?", [s_ticket], "exact")
    c.ask("which account number is this about?", [s_acc], "single-hop")
    c.ask("when should the duplicate payment come back?", [s_ticket], "temporal")
    c.ask("why was I charged twice and how are you fixing it?", [s_look, s_ticket], "multi-hop")
    c.ask("did I ask for any change to how I get my statements?", [s_pref, s_mail], "multi-hop")
    return c.finish()


def _contact_change(rng: random.Random, eid: str, p: _Person) -> dict:
    """Updating an account email and phone: the old value is superseded, marketing opt-out."""
    c = _new(rng, eid, p, "Update email and phone on account", None)
    account = f"AC-{rng.randint(100000, 999999)}"
    old_email = f"{_ascii(p.first)}{rng.randint(70, 99)}@oldmail.example"
    pad = _split(rng, rng.randint(2, 10), 2)
    s_old = c.user(
        f"Hi, I can't get into {old_email} any more. Can you change the email on my account?",
        f"Hello. My account still uses {old_email}, which I've closed. Can we update it?",
    )
    c.pin("email", "old_email", old_email)
    c.agent("Of course. For security, what's the account number and your home address?")
    s_acc = c.user(f"Account {account}, and I live at {p.address}.")
    c.pin("identifier", "account_id", account)
    c.pin("address", "home_address", p.address)
    c.agent("Thanks, that matches. What should the new email be?")
    s_new = c.user(f"Please use {p.email} from now on.")
    c.pin("email", "email", p.email)
    s_tool = c.agent(
        "Updated. A verification link has gone to the new address; it expires in 24 hours.",
        ("update_contact", {"account_id": account, "email": p.email}, {"verified": False}),
    )
    c.pin("time", "verification_expiry", "24 hours")
    s_phone = c.user(f"My mobile has changed too — it's {p.phone} now.")
    c.pin("phone", "mobile", p.phone)
    c.agent("Got it, mobile updated as well.")
    c.chat(pad[0])
    no_ads = rng.choice(("no marketing emails at the new address", "I don't want promotional emails"))
    s_pref = c.user(f"And please — {no_ads}, only order and account messages.")
    c.pin("preference", "marketing", no_ads)
    promise = "I'll lock the old address so it can't be used to reset your password"
    c.agent(f"Marketing is switched off. {promise}.")
    c.pin("commitment", "lock_old_email", promise)
    c.chat(pad[1])
    c.user("Brilliant, thank you.")
    c.agent("You're all set!")
    c.ask("what email is on my account now?", [s_new], "single-hop")
    c.ask("which email did I use before the change?", [s_old, s_new], "temporal")
    c.ask(f"is {account} going to send me promotions?", [s_pref], "exact")
    c.ask("how long is the confirmation link valid?", [s_tool], "temporal")
    c.ask("what mobile number do you have for me?", [s_phone], "single-hop")
    c.ask("which home address did I confirm for security?", [s_acc], "single-hop")
    return c.finish()


def _repair_visit(rng: random.Random, eid: str, p: _Person) -> dict:
    """A warranty repair visit: serial number, date and time window, an access preference, and
    sometimes a reschedule in a later session (the date changes)."""
    appliance = rng.choice(_APPLIANCES)
    c = _new(rng, eid, p, f"Warranty repair for {appliance}", appliance)
    serial = f"SN-{rng.choice('KMRTX')}{rng.randint(1000000, 9999999)}"
    fault = rng.choice(("won't drain", "keeps tripping the fuse", "is making a grinding noise"))
    pad = _split(rng, rng.randint(2, 10), 2)
    c.user(f"Hi, my {appliance} {fault}. It's about a year old, so should be under warranty.")
    c.agent("Sorry to hear that. Could you read me the serial number from the label inside the door?")
    s_serial = c.user(f"It says {serial}.")
    c.pin("identifier", "serial_number", serial)
    until = _day(c.today + timedelta(days=rng.randint(60, 300)))
    s_warranty = c.agent(
        f"Good news: it's covered until {until}, so the visit and parts are free.",
        ("check_warranty", {"serial": serial}, {"covered": True, "expires": until}),
    )
    c.pin("date", "warranty_end", until)
    c.chat(pad[0])
    c.user("Great. When can someone come out?", "Phew. What's the earliest visit?")
    wd = rng.randint(0, 4)
    visit = _next(c.today + timedelta(days=2), wd)
    window = rng.choice(("between 8am and 12pm", "between 12pm and 4pm", "between 10am and 2pm"))
    s_slot = c.agent(f"The first slot is next {_WEEKDAYS[wd]}, {_day(visit)}, {window}. Any good?")
    c.user(f"Yes, book it. The address is {p.address}.")
    s_addr = len(c.turns)
    c.pin("address", "visit_address", p.address)
    c.pin("date", "visit_date", _day(visit), s_slot)
    c.pin("time", "visit_window", window, s_slot)
    c.agent("Booked! Is there anything the engineer should know?")
    ask = rng.choice(("ring me 30 minutes before arriving", "text me when they're on the way"))
    s_pref = c.user(f"Could the engineer {ask}? I work from the garden office.")
    c.pin("preference", "engineer_contact", ask)
    promise = "I'll send a reminder text the day before"
    c.agent(f"I've added that to the job notes, and {promise}.")
    c.pin("commitment", "reminder", promise)
    c.chat(pad[1])
    when = [s_slot]
    if rng.random() < 0.5:
        c.resume(rng.randint(1, (visit - c.today).days - 2))
        c.user(f"Hi again — something's come up on {_weekday(visit)}. Can we move the repair?")
        moved = visit + timedelta(days=rng.choice((2, 3, 7)))
        when.append(c.agent(f"No problem. I've moved it to {_day(moved)}, same time window."))
        c.pin("date", "visit_date", _day(moved))
    c.user("Thanks for your help.")
    c.agent("You're welcome — I hope it's an easy fix.")
    c.ask("when is the engineer coming?", when, "temporal" if len(when) > 1 else "single-hop")
    c.ask(f"what's the serial number on my {appliance}?", [s_serial], "single-hop")
    c.ask("what did I ask the engineer to do before coming?", [s_pref], "single-hop")
    c.ask(f"is {serial} still under warranty?", [s_warranty], "exact")
    c.ask("where and at what time of day is the visit?", [s_addr, s_slot], "multi-hop")
    return c.finish()


def _plan_change(rng: random.Random, eid: str, p: _Person) -> dict:
    """A subscription downgrade: old and new price, effective date, waived fee, a preference."""
    service = rng.choice(("meal kit", "mobile", "cloud storage", "streaming", "gym"))
    c = _new(rng, eid, p, f"Downgrade {service} plan", None, retail=False)
    account = f"{service[:3].upper()}-{rng.randint(10000, 99999)}"
    old, new = rng.choice(((24.99, 14.99), (39.0, 25.0), (59.0, 42.5), (12.99, 7.99)))
    effective = date(c.today.year, c.today.month, 1) + timedelta(days=40)
    effective = date(effective.year, effective.month, 1)
    fee = _money(p.cur, rng.choice((15.0, 20.0, 30.0)))
    pad = _split(rng, rng.randint(2, 10), 2)
    c.user(f"Hi, I'd like to move my {service} subscription to something cheaper.")
    c.agent("I can help. What's the account or membership number?")
    s_acc = c.user(f"{account}.")
    c.pin("identifier", "account_id", account)
    s_look = c.agent(
        f"You're on Premium at {_money(p.cur, old)} a month.",
        ("get_subscription", {"account": account}, {"plan": "Premium", "price": old}),
    )
    c.pin("amount", "old_price", _money(p.cur, old))
    c.chat(pad[0])
    c.user("What would the cheapest option cost me?")
    s_offer = c.agent(f"Basic is {_money(p.cur, new)} a month. The change would start on {_day(effective)}.")
    c.pin("amount", "new_price", _money(p.cur, new))
    c.pin("date", "effective_date", _day(effective))
    c.user("Is there a fee for switching mid-contract?")
    s_fee = c.agent(f"Normally {fee}, but I've waived it as you've been with us a while.")
    c.pin("amount", "waived_fee", fee)
    c.user("Lovely, go ahead.")
    c.agent(f"Done — you'll move to Basic on {_day(effective)}.")
    c.chat(pad[1])
    s_pref = c.user("Please also make sure the annual add-on doesn't auto-renew.")
    c.pin("preference", "add_on_renewal", "the annual add-on doesn't auto-renew")
    promise = "I'll email you a summary of the change within the hour"
    c.agent(f"Auto-renew is off for the add-on. {promise}.")
    c.pin("commitment", "summary_email", promise)
    c.user("Thanks!")
    c.agent(f"Enjoy the rest of your day, {p.first}.")
    c.ask("how much will I pay each month after the switch?", [s_offer], "single-hop")
    c.ask("from what date does the cheaper plan apply?", [s_offer], "temporal")
    c.ask(f"what was I paying before on {account}?", [s_acc, s_look], "exact")
    c.ask("did I have to pay anything to downgrade?", [s_fee], "single-hop")
    c.ask("what did I say about the add-on?", [s_pref], "single-hop")
    return c.finish()


_ARCHETYPES: tuple[Callable[[random.Random, str, _Person], dict], ...] = (
    _refund_damaged,
    _late_delivery,
    _double_charge,
    _contact_change,
    _repair_visit,
    _plan_change,
)
