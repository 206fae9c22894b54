"""The names the outputs give the log files: relative to the audited folder, one name per file, the same however
the logs were named on the command line and wherever they lie."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from auditor.ingest.discover import InputError, discover
from tests.conftest import baccarat_coup, write_jsonl


def names(*paths) -> list[str]:
    return [f.name for f in discover([Path(p) for p in paths])]


@pytest.fixture
def logs(tmp_path):
    """logs/T1.jsonl and logs/day2/T2.jsonl."""
    (tmp_path / "logs" / "day2").mkdir(parents=True)
    write_jsonl(tmp_path / "logs" / "T1.jsonl", baccarat_coup("T1"))
    write_jsonl(tmp_path / "logs" / "day2" / "T2.jsonl", baccarat_coup("T2"))
    return tmp_path / "logs"


def test_one_folder_names_its_files_below_it_however_it_is_given(logs, monkeypatch):
    monkeypatch.chdir(logs.parent)
    expected = ["T1.jsonl", "day2/T2.jsonl"]
    for given in (logs, logs.relative_to(logs.parent), logs / ".", logs / "day2" / "..", "./logs/"):
        assert names(logs.parent / given) == expected, given
    monkeypatch.chdir(logs)
    assert names(".") == expected
    renamed = logs.rename(logs.parent / "elsewhere")
    assert names(renamed) == expected


def test_one_file_is_named_by_its_name_and_files_by_their_common_folder(logs):
    assert names(logs / "day2" / "T2.jsonl") == ["T2.jsonl"]
    assert names(logs / "T1.jsonl", logs / "day2" / "T2.jsonl") == ["T1.jsonl", "day2/T2.jsonl"]


def test_several_folders_keep_apart_files_of_the_same_relative_name(tmp_path):
    for casino in ("north", "south"):
        (tmp_path / casino / "logs").mkdir(parents=True)
        write_jsonl(tmp_path / casino / "logs" / "T1.jsonl", baccarat_coup("T1"))
    found = names(tmp_path / "south" / "logs", tmp_path / "north" / "logs")
    assert found == ["north/logs/T1.jsonl", "south/logs/T1.jsonl"]
    assert names(tmp_path / "north" / "logs", tmp_path / "south" / "logs") == found  # in any order


def test_a_file_given_twice_is_read_once(logs, monkeypatch):
    monkeypatch.chdir(logs.parent)
    expected = ["T1.jsonl", "day2/T2.jsonl"]
    assert names(logs, logs / "T1.jsonl") == expected
    assert names(logs, logs.relative_to(logs.parent), logs / "day2") == expected


def test_a_file_reached_through_two_names_is_read_once_under_the_first(logs):
    """Whatever order the file system lists a folder in: folders are searched in name order."""
    (logs / "today.jsonl").symlink_to(logs / "T1.jsonl")
    (logs / "later").symlink_to(logs / "day2")
    assert names(logs) == ["T1.jsonl", "day2/T2.jsonl"]
    assert [f.path for f in discover([logs])] == [logs / "T1.jsonl", logs / "day2" / "T2.jsonl"]
    (logs / "later").unlink()
    (logs / "current").symlink_to(logs / "day2")
    assert names(logs) == ["T1.jsonl", "current/T2.jsonl"]


def test_a_linked_folder_keeps_its_own_name(logs, tmp_path):
    (tmp_path / "audit").mkdir()
    (tmp_path / "audit" / "may").symlink_to(logs)
    assert names(tmp_path / "audit") == ["may/T1.jsonl", "may/day2/T2.jsonl"]
    assert names(tmp_path / "audit" / "may") == ["T1.jsonl", "day2/T2.jsonl"]


def test_two_files_that_would_share_a_name_stop_the_audit(logs, tmp_path):
    """``link/..`` is the link's target's parent on disk, but the name is made without resolving links."""
    write_jsonl(tmp_path / "T1.jsonl", baccarat_coup("T9"))
    (tmp_path / "link").symlink_to(logs / "day2")
    aliased = tmp_path / "link" / ".." / "T1.jsonl"  # reads logs/T1.jsonl
    assert os.path.samefile(aliased, logs / "T1.jsonl")
    with pytest.raises(InputError, match="would both be named T1.jsonl"):
        discover([aliased, tmp_path / "T1.jsonl"])
