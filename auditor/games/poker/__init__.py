"""What the poker games (Texas Hold'em, five-card stud) share: cards and hand values (``cards.py``), seats and the
order round the table (``order.py``), the hand record (``hand.py``), the replay loop (``replay.py``, ``feed.py``),
the betting state machine and its policies (``betting.py``, ``policy.py``), the reasons a hand is not evaluated
(``conditions.py``), pots (``pots.py``), the showdown review (``showdown.py``, ``award_kinds.py``), chip conservation
(``accounts.py``) and the deck check (``deck.py``), each taking the game's parts (valuer, odd-chip order, rule ids,
deck) as parameters."""
