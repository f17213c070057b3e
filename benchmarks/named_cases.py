"""The issue's named cases, asked through the site's own views (``search_eval`` prints
them after its sets): ok or MISS for each, on the database the environment names."""

from __future__ import annotations

from search_eval import same_subtree

# The issue's named question: 116 (or a rule below it) must be in its top 3.
DRAW_QUESTION, DRAW_ANSWER = "how many cards do I draw at the start", "116"
# The issue's three questions as a new user typed them, each with the rule that answers it
# (our judgement for the spell: 155, spells are played on their controller's turn); the
# target is that rule, or one below it, in the top 3 of the search box's answer (no kind).
ISSUE_QUESTIONS = (
    ("how many cards do I start with", "116"),
    ("when do I draw cards", "413.2.a"),
    ("can I play a spell during my opponent's turn", "155"),
)


def check():
    """The issue's named cases, through the site's own views; prints ok or MISS for each."""
    from django.test import Client

    client = Client(HTTP_HOST="127.0.0.1")

    def api(**params):
        return client.get("/api/v1/search", params).json()

    defy = api(q="Defy", lang="fr")["results"][:1]
    page = client.get("/en/riftbound/rules/813/").content.decode()
    scoped = api(q="who goes first", lang="en", game="riftbound")["results"]
    draw = api(q=DRAW_QUESTION, lang="en", game="riftbound")
    top3 = [h["number"] or "" for h in draw["results"][:3]]
    cases = [
        (
            "/fr/search/?q=Defy: the Defy card first (in English)",
            bool(defy)
            and (defy[0]["kind"], defy[0]["title"], defy[0]["language"]) == ("card", "Defy", "en"),
        ),
        (
            "header search on /en/riftbound/ carries game=riftbound",
            'name="game" value="riftbound"' in page,
        ),
        (
            "game=riftbound returns no Lanternfall result",
            bool(scoped) and all(h["game"] == "riftbound" for h in scoped),
        ),
        (
            # On an evaluation database the bank's questions of 116 may be held out, as
            # they are not on the site: a MISS here is this database's answer, not the site's.
            "'how many cards do I draw at the start': 116 in the top 3 (on this database)",
            any(same_subtree(n, DRAW_ANSWER) for n in top3 if n),
        ),
    ]
    for question, answer in ISSUE_QUESTIONS:
        found = [
            h["number"] or h["title"]
            for h in api(q=question, lang="en", game="riftbound")["results"][:3]
        ]
        ok = any(n == answer or n.startswith(answer + ".") for n in found)
        cases.append((f"'{question}': {answer} in the top 3 (top 3: {', '.join(found)})", ok))
    for label, ok in cases:
        print(f"  {'ok  ' if ok else 'MISS'} {label}")
