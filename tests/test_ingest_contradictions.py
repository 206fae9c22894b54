"""A log that contradicts its own structure (docs/log-format.md, "Errors: the quarantine"), in every game: an event
after the table closed, a table closed twice, a coup or hand started while another is in play, or ended twice, an
event of a shoe or pack outside the time it is in use. Each such record is quarantined with file, line and a reason
that says what the log contradicts; nothing is repaired, and no rule judges what it would have said."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import BACCARAT_CONFIG, write_jsonl
from tests.test_ingest import load

CONFIGS = {
    "baccarat": BACCARAT_CONFIG,
    "holdem": {"betting": "no_limit", "small_blind": "5", "big_blind": "10", "chip_unit": "1", "seats": 10},
    "stud": {"ante": "20", "chip_unit": "5", "seats": 7, "rake_rate": "0.04"},
}
START = {"baccarat": "coup_start", "holdem": "hand_start", "stud": "hand_start"}
END = {"baccarat": "coup_end", "holdem": "hand_end", "stud": "hand_end"}
SHOE_GAMES = ["baccarat", "stud"]  # the games whose log starts and ends shoes (baccarat) or packs (stud)


class Log:
    """One table's log, built record by record; ``line(n)`` is the file line of the n-th record (from 0)."""

    def __init__(self, game: str) -> None:
        self.game, self.rows = game, []
        self.emit("table_open", config=CONFIGS[game])

    def emit(self, event: str, **fields: object) -> int:
        self.rows.append({"table_id": "T1", "game": self.game, "seq": 10 * (len(self.rows) + 1), "event": event,
                          **fields})
        return len(self.rows)  # its line

    def start(self, hand: str, shoe: str | None = "S1") -> int:
        shoe_field = {"shoe_id": shoe} if shoe and self.game in SHOE_GAMES else {}
        return self.emit(START[self.game], hand_id=hand, **shoe_field)

    def middle(self, hand: str) -> int:
        if self.game == "baccarat":
            return self.emit("deal", hand_id=hand, card="4h", to="player", face="down")
        return self.emit("seat", hand_id=hand, seat=len(self.rows) % 9 + 1, player="P1", amount="100")

    def end(self, hand: str) -> int:
        return self.emit(END[self.game], hand_id=hand)

    def hand(self, hand: str, shoe: str | None = "S1") -> list[int]:
        return [self.start(hand, shoe), self.middle(hand), self.end(hand)]

    def quarantine(self, tmp_path: Path) -> list[tuple[int, str]]:
        _, quarantine = load(write_jsonl(tmp_path / "t.jsonl", self.rows))
        return [(line, reason) for _, line, reason in quarantine]


def log_with_shoe(game: str) -> Log:
    log = Log(game)
    if game in SHOE_GAMES:
        log.emit("shoe_start", shoe_id="S1")
    return log


@pytest.mark.parametrize("game", START)
def test_a_unit_after_the_table_closed(tmp_path, game):
    log = log_with_shoe(game)
    log.hand("U1")
    close = log.emit("table_close")
    late = log.hand("U2")
    assert log.quarantine(tmp_path) == [(n, f"event after the table_close of T1 (at t.jsonl:{close})") for n in late]


@pytest.mark.parametrize("game", START)
def test_a_table_closed_twice(tmp_path, game):
    log = log_with_shoe(game)
    log.hand("U1")
    close = log.emit("table_close")
    again = log.emit("table_close")
    assert log.quarantine(tmp_path) == [(again, f"table T1 closed twice (first at t.jsonl:{close})")]


@pytest.mark.parametrize("game", START)
def test_a_table_closed_inside_a_unit_that_then_ends(tmp_path, game):
    """The table closes during U1, which goes on and ends: what follows the close contradicts it, and U1 did not end
    while the table was open (not a truncated log: the close is there, and the reason says so)."""
    log = log_with_shoe(game)
    before = [log.start("U1"), log.middle("U1")]
    close = log.emit("table_close")
    after = [log.middle("U1"), log.end("U1")]
    assert log.quarantine(tmp_path) == (
        [(n, f"hand U1 did not end before the table_close of T1 (at t.jsonl:{close})") for n in before]
        + [(n, f"event after the table_close of T1 (at t.jsonl:{close})") for n in after])


@pytest.mark.parametrize("game", START)
def test_a_unit_that_never_ends_is_truncated_only_without_a_close(tmp_path, game):
    log = log_with_shoe(game)
    open_ = [log.start("U1"), log.middle("U1")]
    assert log.quarantine(tmp_path) == [(n, "hand U1 never ended (truncated log?)") for n in open_]


@pytest.mark.parametrize("game", START)
def test_a_unit_started_while_another_is_in_play(tmp_path, game):
    """U2 starts after U1's start and before U1's end: a table plays one coup or hand at a time, so the log says two
    things of that time. U2 is refused; U1, around the refused records, is not judged either (the models taint it)."""
    log = log_with_shoe(game)
    outer = [log.start("U1"), log.middle("U1")]
    inner = log.hand("U2")
    outer.append(log.end("U1"))
    assert log.quarantine(tmp_path) == [
        (n, f"hand U2 started while hand U1 was in play (t.jsonl:{outer[0]} to t.jsonl:{outer[-1]})") for n in inner]


@pytest.mark.parametrize("game", START)
def test_a_unit_ended_twice(tmp_path, game):
    log = log_with_shoe(game)
    first_end = log.hand("U1")[-1]
    again = log.end("U1")
    assert log.quarantine(tmp_path) == [(again, f"hand U1 ended twice (first at t.jsonl:{first_end})")]


@pytest.mark.parametrize("game", SHOE_GAMES)
def test_a_unit_dealt_from_a_shoe_after_its_end(tmp_path, game):
    log = log_with_shoe(game)
    log.hand("U1")
    shoe_end = log.emit("shoe_end", shoe_id="S1")
    start, *rest = log.hand("U2")
    assert log.quarantine(tmp_path) == [
        (start, f"{START[game]} of shoe S1 after its shoe_end (at t.jsonl:{shoe_end})"),
        *[(n, f"start of hand U2 refused (t.jsonl:{start})") for n in rest]]


@pytest.mark.parametrize("game", SHOE_GAMES)
def test_a_shoe_ended_twice(tmp_path, game):
    log = log_with_shoe(game)
    log.hand("U1")
    shoe_end = log.emit("shoe_end", shoe_id="S1")
    again = log.emit("shoe_end", shoe_id="S1")
    assert log.quarantine(tmp_path) == [(again, f"a second shoe_end of shoe S1 (first at t.jsonl:{shoe_end})")]


@pytest.mark.parametrize("game", SHOE_GAMES)
def test_a_shoe_started_while_another_is_in_use(tmp_path, game):
    """S2 starts while S1 is in use (S1's shoe_end comes later). A baccarat table deals from one shoe at a time: S1's
    later records contradict S2's start. A stud table may keep two packs in use, each hand naming its own."""
    log = log_with_shoe(game)
    log.hand("U1")
    second = log.emit("shoe_start", shoe_id="S2")
    log.hand("U2", "S2")
    start, *rest = log.hand("U3", "S1")
    late_end = log.emit("shoe_end", shoe_id="S1")
    log.emit("shoe_end", shoe_id="S2")
    in_use = f"while shoe S2 is in use (started at t.jsonl:{second})"
    assert log.quarantine(tmp_path) == ([] if game == "stud" else [
        (start, f"{START[game]} of shoe S1 {in_use}"),
        *[(n, f"start of hand U3 refused (t.jsonl:{start})") for n in rest],
        (late_end, f"shoe_end of shoe S1 {in_use}")])



def test_a_refused_shoe_start_puts_no_shoe_in_use(tmp_path):
    """A shoe_start refused as a duplicate of the seq before it (S3 at S2's seq) starts no shoe: U2 of S2 is dealt
    while S2 is in use, and only the duplicate is refused, whichever of the two records the day reads first."""
    log = Log("baccarat")
    log.emit("shoe_start", shoe_id="S1")
    log.hand("U1")
    log.emit("shoe_end", shoe_id="S1")
    second = log.emit("shoe_start", shoe_id="S2")
    duplicate = log.emit("shoe_start", shoe_id="S3", seq=log.rows[second - 1]["seq"])
    log.hand("U2", "S2")
    log.emit("shoe_end", shoe_id="S2")
    assert log.quarantine(tmp_path) == [
        (duplicate, f"duplicate seq {log.rows[second - 1]['seq']} at table T1 (first at t.jsonl:{second})")]

def test_a_shoe_event_before_its_start(tmp_path):
    log = Log("baccarat")
    shuffle = log.emit("shuffle", shoe_id="S1", method="manual")
    shoe_start = log.emit("shoe_start", shoe_id="S1")
    log.hand("U1")
    log.emit("shoe_end", shoe_id="S1")
    assert log.quarantine(tmp_path) == [
        (shuffle, f"shuffle of shoe S1 before its shoe_start (at t.jsonl:{shoe_start})")]


@pytest.mark.parametrize("game", SHOE_GAMES)
def test_a_shoe_never_started_while_another_is_in_use(tmp_path, game):
    """S9 is never started, and its coup comes while S1 is in use. A baccarat table deals from one shoe at a time: the
    log says two shoes were in use. A stud table may keep two packs in use: S9's start is simply not logged."""
    log = log_with_shoe(game)
    log.hand("U1")
    start, *rest = log.hand("U2", "S9")
    burn = log.emit("burn", shoe_id="S9", position=1) if game == "baccarat" else None
    log.hand("U3")
    log.emit("shoe_end", shoe_id="S1")
    in_use = "of shoe S9, which table T1 never started, while shoe S1 is in use (started at t.jsonl:2)"
    assert log.quarantine(tmp_path) == ([] if game == "stud" else [
        (start, f"coup_start {in_use}"), *[(n, f"start of hand U2 refused (t.jsonl:{start})") for n in rest],
        (burn, f"burn {in_use}")])


@pytest.mark.parametrize("game", SHOE_GAMES)
def test_a_shoe_never_started_while_none_is_in_use(tmp_path, game):
    """A shoe whose start the log does not hold, before any shoe or after the last one ended, contradicts nothing:
    its records are accepted (the rules that need its opening are not evaluated)."""
    log = Log(game)
    log.hand("U1", "S8")
    log.emit("shoe_start", shoe_id="S1")
    log.hand("U2")
    log.emit("shoe_end", shoe_id="S1")
    log.hand("U3", "S9")
    log.emit("shoe_end", shoe_id="S9")
    assert log.quarantine(tmp_path) == []


def test_a_baccarat_burn_naming_no_shoe_while_none_is_in_use(tmp_path):
    """A burn that names no shoe is of the shoe in use (the shoe of the table's last record naming one, started or
    not). Before any shoe, or after a shoe_end and before the next shoe, no shoe is in use: the card burned is of no
    shoe the log knows, and the shoe rules could not count it; the record is refused, never counted in no shoe."""
    log = Log("baccarat")
    before = log.emit("burn", position=1)
    log.hand("U1", "S8")  # S8 never started: in use from its first record
    log.emit("burn", position=1)
    s8_end = log.emit("shoe_end", shoe_id="S8")
    between = log.emit("burn", position=1)
    log.emit("shoe_start", shoe_id="S1")
    log.emit("burn", position=1)
    log.hand("U2")
    end = log.emit("shoe_end", shoe_id="S1")
    after = log.emit("burn", card="4h", position=1)
    log.emit("table_close")
    def refused(where: str) -> str:
        return f"burn naming no shoe while table T1 has no shoe in use ({where}): the card cannot be counted in a " \
               "shoe; give the burn its shoe_id"

    assert log.quarantine(tmp_path) == [
        (before, refused("before any shoe")), (between, refused(f"after the shoe_end of S8 at t.jsonl:{s8_end}")),
        (after, refused(f"after the shoe_end of S1 at t.jsonl:{end}"))]


@pytest.mark.parametrize("game", SHOE_GAMES)
def test_a_shoe_changed_inside_a_unit_is_left_to_the_articles(tmp_path, game):
    """The shoe ends (and the next starts) inside U1, whose later records still name it: the log breaches art. 3(2)
    (baccarat) or art. 2 (stud), which BAC-3.2 and 5CS-2.5 report; nothing here contradicts the log itself."""
    log = log_with_shoe(game)
    log.start("U1")
    log.emit("shoe_end", shoe_id="S1")
    log.emit("shoe_start", shoe_id="S2")
    if game == "baccarat":
        log.emit("cut_card", shoe_id="S1", hand_id="U1")
    else:
        log.emit("deal", hand_id="U1", shoe_id="S1", card="4h", to="seat", seat=1, face="up")
    log.end("U1")
    log.hand("U2", "S2")
    log.emit("shoe_end", shoe_id="S2")
    log.emit("table_close")
    assert log.quarantine(tmp_path) == []


@pytest.mark.parametrize("game", START)
def test_a_lawful_day_is_accepted_whole(tmp_path, game):
    log = log_with_shoe(game)
    log.hand("U1")
    if game in SHOE_GAMES:
        log.emit("shoe_end", shoe_id="S1")
        log.emit("shoe_start", shoe_id="S2")
    log.hand("U2", "S2")
    if game in SHOE_GAMES:
        log.emit("shoe_end", shoe_id="S2")
    log.emit("table_close")
    assert log.quarantine(tmp_path) == []


@pytest.mark.parametrize("game", ["holdem", "stud"])
def test_one_player_at_two_seats_of_a_hold_em_hand(tmp_path, game):
    """Hold'em has no article on it, but a log naming one player at two seats of a hand contradicts itself: the
    second seat is quarantined (so no rule judges the hand). Stud's art. 3 forbids it: a violation of 5CS-3.2, left
    to its checker; a player at one seat in each of two hands is no contradiction."""
    log = Log(game)
    log.start("U1")
    log.emit("seat", hand_id="U1", seat=2, player="P1", amount="100")
    second = log.emit("seat", hand_id="U1", seat=5, player="P1", amount="100")
    log.emit("seat", hand_id="U1", seat=6, player="P6", amount="100")
    log.end("U1")
    log.start("U2")
    log.emit("seat", hand_id="U2", seat=5, player="P1", amount="100")
    log.end("U2")
    expected = [(second, "player P1 at two seats of hand U1: seat 5, and seat 2 (at t.jsonl:3)")]
    assert log.quarantine(tmp_path) == (expected if game == "holdem" else [])


def test_one_player_at_two_seats_of_a_phh_hand(tmp_path):
    from tests.test_phh import THREE_HANDED

    (tmp_path / "t.phh").write_text(THREE_HANDED.replace('["Ann", "Bob", "Cy"]', '["Ann", "Bob", "Ann"]'))
    _, quarantine = load(tmp_path / "t.phh")
    assert [(line, reason) for _, line, reason in quarantine] == [  # a seat is read on the stacks' line
        (5, "player Ann at two seats of hand 7: seat 3, and seat 1 (at t.phh:5)")]
