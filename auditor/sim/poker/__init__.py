"""What the hold'em and stud simulators share: paying out a hand (``pots``) and the chips the players put in
(``stakes``)."""
