"""Simulators of casino table-game logs in the auditor's log format (docs/log-format.md).

Baccarat: ``baccarat.simulate`` plays tables (table.py) shoe by shoe (shoe_run.py, shoe.py), coup by coup
(coup.py, tableau.py, settle.py), and writes them (record.py, writers.py). With a rate, the injector (inject.py)
plants violations of every enforced rule (plant_cards.py, plant_money.py, plant_shoe.py) and labels them.
Texas Hold'em: the ``holdem*`` modules. Five-card stud: the ``stud`` package (lawful sessions; no planting yet)."""
