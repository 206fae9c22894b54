"""What the poker games share (Texas Hold'em, five-card stud): cards and hand values, pots, the showdown review, chip
conservation and the deck check, each taking the game's parts (valuer, odd-chip order, rule ids, deck) as parameters."""
