""""Did you mean ...?" for a mistyped name on the command line (a game, a ruleset parameter)."""

from __future__ import annotations

from collections.abc import Iterable
from difflib import get_close_matches


def closest(word: str, known: Iterable[str]) -> str | None:
    """The known name closest to ``word``, or None when none is close."""
    close = get_close_matches(word, sorted(known), n=1, cutoff=0.6)
    return close[0] if close else None


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` naming the known name closest to ``word``, or "" when none is close."""
    name = closest(word, known)
    return f" (did you mean '{name}'?)" if name else ""
