"""The games are described once (auditor/games/catalog.py): the lists kept elsewhere as data agree with it."""

from __future__ import annotations

import json
from pathlib import Path

from auditor.engine.ruleset import load_rulesets
from auditor.games import catalog

ROOT = Path(__file__).resolve().parents[1]


def test_every_list_of_the_games_is_the_catalogs():
    schema = json.loads((ROOT / "auditor" / "ingest" / "event_schema.json").read_text(encoding="utf-8"))
    assert tuple(schema["properties"]["game"]["enum"]) == catalog.NAMES
    rulesets = load_rulesets()
    assert set(rulesets) == set(catalog.NAMES)
    for ruleset in rulesets.values():
        assert all(rule.startswith(catalog.PREFIX[ruleset.game] + "-") for rule in ruleset.rules)
    for game in catalog.GAMES:
        for event in (game.start, game.end):
            assert game.name in schema["x-events"][event]["games"]
