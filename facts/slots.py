"""Slots: what a pinned value is *for*, and whether it holds one value at a time.

A fact's ``key`` names its slot. The extractor picks the slot from the words around a value
("ship it to ..." is the delivery address, "their number is ..." a place's phone), and this
module is the one place that says which slots are single-valued: a new value for one of those
replaces the current one, whatever words announced it. Other slots keep every value (two
orders in one conversation are two order ids).
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Slot:
    label: str
    single_valued: bool = False
    family: str = ""  # slots of one family answer the same question ("where does it go?")


# Every key the extractor gives a fact is here with the name a person reads in the durable summary
# and in review notes (tests/facts/test_slots.py runs the extractor over the written dialogues to
# hold it so); a key a person pins that is not here reads as itself, its underscores as spaces.
SLOTS: dict[str, Slot] = {
    # Where the person is, and where things go.
    "address": Slot("address (purpose not said)", True, "address"),
    # Named as its key says: "delivery address" would read as the same slot as ``delivery_address``,
    # a key of its own (a person pins one by that name), and as a kin of ``delivery_date``.
    "shipping_address": Slot("shipping address", True, "address"),
    "home_address": Slot("home address", True, "address"),
    "billing_address": Slot("billing address", True, "address"),
    "home_city": Slot("home city", True),
    "work_city": Slot("work city", True),
    "place_address": Slot("address of a place"),
    "postcode": Slot("postcode", True),
    "place_postcode": Slot("postcode of a place"),
    # How to reach the person.
    "email": Slot("contact email", True),
    "phone": Slot("contact phone", True),
    "mobile_phone": Slot("mobile phone", True),
    "place_phone": Slot("phone of a place"),
    "contact_preference": Slot("how to contact them", True),
    "callback_time": Slot("callback time", True),
    "callback_date": Slot("callback date", True),
    "name": Slot("name", True),
    # Values that come several to a conversation.
    "order_id": Slot("order id"),
    "case_id": Slot("case id"),
    "ticket_id": Slot("ticket id"),
    "account_id": Slot("account id"),
    "invoice_id": Slot("invoice id"),
    "tracking_number": Slot("tracking number"),
    "meter_number": Slot("meter number"),
    "meter_token": Slot("prepaid meter token"),
    "reference": Slot("reference"),
    "train_id": Slot("train or bus"),
    "flight_number": Slot("flight number"),
    "card_last4": Slot("card (last four digits)"),
    "card_number": Slot("card number"),
    "access_code": Slot("access code"),
    "meeting_id": Slot("meeting id"),
    "prescription_id": Slot("prescription number"),
    "return_id": Slot("return authorisation"),
    "handle": Slot("payment or social handle"),
    "registration": Slot("vehicle registration"),
    "iban": Slot("IBAN"),
    "national_insurance": Slot("National Insurance number"),
    "refund_amount": Slot("refund amount"),
    "charge_amount": Slot("charge amount"),
    "credit_amount": Slot("credit amount"),
    "price": Slot("price"),
    "amount": Slot("amount"),
    "delivery_date": Slot("delivery date"),
    "deadline": Slot("deadline"),
    "date": Slot("date"),
    "time": Slot("time"),
    "preference": Slot("preference"),
    "commitment": Slot("commitment"),
}


def slot_of(fact) -> str:
    """The slot a fact fills (its key)."""
    return fact.key


def is_single_valued(slot: str) -> bool:
    known = SLOTS.get(slot)
    return bool(known and known.single_valued)


def family_of(slot: str) -> str:
    known = SLOTS.get(slot)
    return known.family if known and known.family else slot


def slot_label(slot: str) -> str:
    known = SLOTS.get(slot)
    return known.label if known else slot.replace("_", " ")
