"""The chat service as locust sees it: each user is one conversation, talking at a steady pace.

Run by ``manage.py bench_load`` (which sets the environment below); not
imported by the application. Each user repeats one exchange: append the
customer's message, ask for the context to answer it, append the reply.
"""

import itertools
import os

from locust import HttpUser, constant_throughput, task

TOKEN = os.environ["BENCH_TOKEN"]
CONVERSATIONS = [int(pk) for pk in os.environ["BENCH_CONVERSATIONS"].split(",")]
PER_USER_RATE = float(os.environ["BENCH_PER_USER_RATE"])  # requests per second, per user

_next_conversation = itertools.count()

MESSAGES = [
    "Hi, my order ORD-{n:05d} has not arrived yet. My email is pat{n}@example.com.",
    "I live at 12 Harbour Street now, can you send it there?",
    "Could you refund the delivery fee of £4.99 instead?",
    "Thanks. Please call me on +44 20 7946 0{n:03d} if anything changes.",
]


class ChatService(HttpUser):
    wait_time = constant_throughput(PER_USER_RATE)

    def on_start(self) -> None:
        self.client.headers["Authorization"] = f"Token {TOKEN}"
        self.conversation = CONVERSATIONS[next(_next_conversation) % len(CONVERSATIONS)]
        self.step = 0

    @task
    def exchange(self) -> None:
        url = f"/api/v1/conversations/{self.conversation}"
        n, phase = divmod(self.step, 3)
        message = MESSAGES[n % len(MESSAGES)].format(n=n % 1000)
        if phase == 0:
            self.client.post(f"{url}/turns/", json={"role": "user", "content": message}, name="append")
        elif phase == 1:
            self.client.post(f"{url}/context/", json={"message": message}, name="context")
        else:
            reply = f"Thanks, I have noted that ({n})."
            self.client.post(f"{url}/turns/", json={"role": "assistant", "content": reply}, name="append")
        self.step += 1
