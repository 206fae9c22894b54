"""``auditor nightly``: an incremental catalog of log files, their events by partition and every finding's history
(``catalog.py``), built night after night from an inbox (``run.py``)."""
