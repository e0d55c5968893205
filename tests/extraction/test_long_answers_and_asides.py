"""A LongMemEval-style haystack (bench/realchat7.py): long assistant answers and the user's facts as asides.

- A long answer (a plan of a dozen steps) is kept in a few memories, each with the question, so a detail near its
  end is found later, not only the first few items (``assistant.answer_parts``).
- "he"/"she" after a clause that names one person (and no role word) is that person, when the clause before is
  dropped: the pronoun's statement is kept about them (``pronouns.pronouns_named``); a place or two names leave it.
- A job accepted as "an offer to be X at Y" and a home got as "the keys to our flat in Z" restate where the user
  works and lives (``states``)."""

from __future__ import annotations

from tests.extraction.test_everyday import holding, run

PLAN = """Here's a week-by-week plan for the allotment:

1. Week one: clear the couch grass and dig over the north bed.
2. Week two: spread 5 cm of well-rotted manure on both beds.
3. Week three: build a cold frame from the old sash window.
4. Week four: sow broad beans 'Aquadulce Claudia' along the fence.
5. Week five: plant the rhubarb crowns in the corner by the shed.
6. Week six: net the brassica bed against pigeons.
7. Week seven: put in the asparagus crowns 'Gijnlim' in a raised trench.
8. Week eight: set up two water butts off the shed's gutter.
9. Week nine: sow parsnips 'Tender and True' in rows 30 cm apart.
10. Week ten: mulch the fruit bushes with bark chips.
11. Week eleven: plant out the courgettes under fleece.
12. Week twelve: sow a green manure of phacelia on the empty bed.

Keep a notebook of what went in where; crop rotation is much easier in year two."""


def test_a_long_answers_late_detail_is_kept_with_the_question():
    found, _ = run(("user", "Can you give me a twelve-week plan for my new allotment?"), ("assistant", PLAN))
    answers = [c.content for c in found if c.about == "assistant"]
    assert 2 <= len(answers) <= 3, answers
    assert all(a.startswith('When the user asked "Can you give me a twelve-week plan') for a in answers), answers
    assert any("Gijnlim" in a for a in answers), answers  # the seventh item: past the first memory's room
    assert all(len(a) <= 400 for a in answers), answers


def test_a_short_answer_stays_one_memory():
    found, _ = run(("user", "Which ferry goes from Split to Hvar?"),
                   ("assistant", "Jadrolinija runs the car ferry to Stari Grad; Kapetan Luka runs the fast catamaran."))
    assert len([c for c in found if c.about == "assistant"]) == 1


def test_she_after_a_dropped_clause_is_the_one_person_it_names():
    found, _ = run(("user", "Quick update: Noor pleaded to drop ballet for judo, so she's signed up at the dojo "
                            "near her school. Should I buy her a gi or borrow one?"))
    assert [c for c in holding(found, "dojo") if "Noor" in c.content], [c.content for c in found]


def test_a_place_or_two_people_do_not_name_a_pronoun():
    found, _ = run(("user", "Porto was lovely and she adored the trams."))
    assert not holding(found, "Porto adored"), [c.content for c in found]
    found, _ = run(("user", "Idris and Lena argued all weekend, so she's staying at her mum's."))
    assert not [c for c in found if "Idris is staying" in c.content or "Lena is staying" in c.content]


def test_shes_before_a_feeling_stays_is():
    found, _ = run(("user", "My aunt phoned, she's worried about the move."))
    assert not holding(found, "has worried"), [c.content for c in found]


def test_an_offer_accepted_and_keys_got_say_where_the_user_works_and_lives():
    found, _ = run(("user", "Huge news, I accepted an offer to be a staff nurse at Royal Free Hospital!"))
    assert holding(found, "works at Royal Free Hospital as a staff nurse"), [c.content for c in found]
    found, _ = run(("user", "We got the keys to our flat in Bristol on Friday, the removal van comes Monday."))
    assert holding(found, "lives in Bristol"), [c.content for c in found]
