"""The five-card stud simulator (Portaria n.º 104/85/M, art. 9 as amended by Portaria n.º 118/89/M): lawful
sessions written in the log format (docs/log-format.md, five-card stud).

``run.simulate_stud`` plays each table (``run.StudTableRun``) for a day and writes it through the shared writers
(``sim/writers.py``) and recorder (``sim/record.py``, ``Recorder.write_timed``: the hand decides its own delays,
because art. 11 b) is about time). A table (``table``) has an ante class, its players (``players``: buy-ins,
top-ups, departures) and its packs (``pack``: shuffle, cuts, at most ten hands a pack). A hand (``hand``) is played
by the rules: seat orders and who leads (``order``, over ``games/stud/evaluate.open_cards_rank``), the betting
state (``betting``), the players' choices (``policy``), the clock (``timing``) and the payout (``pots``).

Planted violations (``--inject``): ``inject`` schedules the enforced rules in a fixed cycle; the ``Planter`` of
each table (``plants``) plants at most one a hand, at the table's opening, between hands (``plant_session``),
through the hand's plan (``plan``, ``rig``) or on the played hand (``plant_deal``, ``plant_turns``,
``plant_money``, ``plant_seat``, over ``head``), each the smallest change that breaks its rule, and labels it (with
the rules it necessarily breaks too) for ``labels.jsonl``; ``Recorder.watch`` fills in each label's ``seq``. A
wrong award is planted so that one rule explains it, in this order: a folded player paid 4.2 (uncontested: 4.1),
a side pot to an all-in player who did not reach it 11.1, a pot shared by unequal hands 11.5, equal hands not
split 5.4 or split unequally 4.3, a pot that only a misjudged A-5-6-7-8 explains 5.2, a lower category paid 5.1,
a weaker hand of the same category 5.3; chips missing from the awards 7.1."""
