"""Simulators of casino table-game logs in the auditor's log format (docs/log-format.md): one package per game
over shared pieces.

Shared: ``record.py`` (numbering, timing and writing each table's events, ``write_tables``), ``writers.py`` (JSON
Lines, CSV, Parquet), ``inject.py`` (the labels of planted violations, ``labels.jsonl``; and baccarat's schedule of
them), ``poker/`` (the pots, side pots and settlement of a poker hand, the chips a player puts in).

* ``baccarat/``: ``run.simulate`` plays tables (table.py) shoe by shoe (shoe_run.py, shoe.py), coup by coup
  (coup.py, tableau.py, settle.py); with a rate, it plants violations of every enforced rule (plant_cards.py,
  plant_money.py, plant_shoe.py) and labels them.
* ``holdem/``: ``run.simulate_holdem`` plays tables (table.py) hand by hand (hand.py, betting.py, policy.py,
  settle.py), timed by record.py; with a rate, plan.py, plant_events.py and plant_money.py plant violations of every
  enforced rule (inject.py: the schedule and labels).
* ``stud/``: ``run.simulate_stud`` (its own docstring); its planting reuses the hold'em injector."""

CASINO = "Casino Exemplo (simulated)"  # named in the configuration of every simulated table
