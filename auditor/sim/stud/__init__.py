"""The five-card stud simulator (Portaria n.º 104/85/M, art. 9 as amended by Portaria n.º 118/89/M): lawful
sessions written in the log format (docs/log-format.md, five-card stud).

``run.simulate_stud`` plays each table (``run.StudTableRun``) for a day and writes it through the shared writers
(``sim/writers.py``) and recorder (``sim/record.py``, ``Recorder.write_timed``: the hand decides its own delays,
because art. 11 b) is about time). A table (``table``) has an ante class, its players (``players``: buy-ins,
top-ups, departures) and its packs (``pack``: shuffle, cuts, at most ten hands a pack). A hand (``hand``) is played
by the rules: seat orders and who leads (``order``, over ``games/stud/evaluate.open_cards_rank``), the betting
state (``betting``), the players' choices (``policy``), the clock (``timing``) and the payout (``pots``).

Planting violations (next): as in the hold'em simulator, an injector schedules one enforced rule at a time and
plants it where it fits, in one of three places, without restructuring:
* between hands (``StudTableRun.next_hand``): seating, buy-in and top-up, and pack rules (a pack kept past ten
  hands, a pack changed mid-hand), by changing the session events or the ``Seating`` and ``Packs`` state;
* while the hand is played (``HandEngine.play``), through a plan passed to it: the cuts, the burn, the deal order
  and faces, the ante and first rake, the opener and leaders, an out-of-turn action, a check-raise, a short raise,
  a late decision, by swapping the lawful choice at the one place it is made;
* after the hand is played (``PlayedHand``): its ``settlement`` (rake, refunds, awards) and its head events, which
  are rendered last into consistent money events and stacks.
Each plant returns the event it targets, and ``Recorder.watch`` fills in its ``seq`` for ``labels.jsonl``."""
