"""Run ``auditor`` with DuckDB's progress bar due at once on every connection (a test helper, not a test).

    python tests/progress_bar.py AUDITOR-ARGS...

DuckDB draws its progress bar on standard output for any query that runs longer than ``progress_bar_time``
(2 seconds by default): on a large day, in the middle of ``auditor audit --format json``'s output. This sets that
time to 0 on every connection opened in this process, so that a small log shows what a slow query would.

A statement's bar is decided as the statement starts, so the statement that turns the bar off still draws one here;
in a real run no statement setting an option takes two seconds. The first statement of each connection therefore
runs with standard output sent to /dev/null. (Setting the delay after that statement instead is no way out:
``SET progress_bar_time`` turns the bar back on.)"""

from __future__ import annotations

import os
import sys
from typing import Any

import duckdb

_connect = duckdb.connect


class _BarAtOnce:
    """A connection whose progress bar shows at once, its first statement silenced."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        con.execute("SET progress_bar_time = 0")
        self._con = con
        self._first = True

    def __getattr__(self, name: str) -> Any:
        return getattr(self._con, name)

    def execute(self, *args: Any, **kwargs: Any) -> duckdb.DuckDBPyConnection:
        if not self._first:
            return self._con.execute(*args, **kwargs)
        self._first = False
        sys.stdout.flush()
        saved = os.dup(1)
        with open(os.devnull, "wb") as devnull:
            os.dup2(devnull.fileno(), 1)
        try:
            return self._con.execute(*args, **kwargs)
        finally:
            os.dup2(saved, 1)
            os.close(saved)


def _connect_bar_at_once(*args: Any, **kwargs: Any) -> _BarAtOnce:
    return _BarAtOnce(_connect(*args, **kwargs))


if __name__ == "__main__":
    duckdb.connect = _connect_bar_at_once
    from auditor.cli import app

    app(sys.argv[1:], prog_name="auditor")
