"""Card encoding and hand-value helpers shared by the poker games (Texas Hold'em, five-card stud)."""
