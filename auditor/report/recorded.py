"""What an audit recorded, read back for ``auditor reproduce``: its manifest and the outputs at hand, from a report's
attachments (``report.pdf``) or from a findings folder (``--no-pdf``: the folder or its ``manifest.json``)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from auditor.report.manifest import FINDINGS_NAME, MANIFEST_FORMAT, MANIFEST_NAME, QUARANTINE_NAME, SUMMARY_NAME

# The outputs a re-run is compared with, by the manifest key that records each one's hash.
COMPARED = {"findings": FINDINGS_NAME, "quarantine": QUARANTINE_NAME, "summary": SUMMARY_NAME}


class RecordError(Exception):
    """A report or findings folder whose record cannot be read, or cannot be re-run (an input error)."""


@dataclass(frozen=True)
class Options:
    """The options of the recorded audit that change its findings (the manifest's ``parameters``)."""

    profile: str
    params: dict[str, str]
    strict: bool
    max_quarantined: int
    expected_tables: list[str]


@dataclass(frozen=True)
class Recorded:
    """A recorded audit: its manifest, and the bytes of each compared output at hand, by manifest key."""

    source: str
    manifest: dict[str, Any]
    outputs: dict[str, bytes]

    @property
    def options(self) -> Options:
        parameters = self.manifest["parameters"]
        missing = [key for key in ("profile", "param", "strict", "max_quarantined") if key not in parameters]
        if missing:
            raise RecordError(f"{self.source}: the manifest does not record the option(s) {', '.join(missing)} "
                              f"(it was written by auditor {self.manifest.get('auditor_version')}, before they were)")
        profile, param, strict, most = (parameters[k] for k in ("profile", "param", "strict", "max_quarantined"))
        if not (isinstance(profile, str) and isinstance(param, dict) and isinstance(strict, bool)
                and isinstance(most, int) and not isinstance(most, bool)):
            raise RecordError(f"{self.source}: the manifest's parameters are not the options of an audit: {parameters}")
        expected = parameters.get("expected_tables", [])  # recorded since auditor 0.1.0 of issue 13
        if not (isinstance(expected, list) and all(isinstance(t, str) for t in expected)):
            raise RecordError(f"{self.source}: the manifest's expected_tables is not a list of table ids: {expected}")
        return Options(profile, {str(k): str(v) for k, v in param.items()}, strict, most, expected)


def _files(source: Path) -> dict[str, bytes]:
    """The recorded files by name: a PDF's attachments, or the JSON files of a findings folder."""
    if source.is_dir() or source.name == MANIFEST_NAME:
        folder = source if source.is_dir() else source.parent
        names = (MANIFEST_NAME, *COMPARED.values())
        return {name: (folder / name).read_bytes() for name in names if (folder / name).is_file()}
    from auditor.report.verify import read_attachments  # pyHanko loads slowly: only for a report

    return read_attachments(source)


def read_recorded(source: Path) -> Recorded:
    """The record of the audit that wrote ``source`` (a report, a findings folder or its manifest.json). Each
    output at hand must be the one the manifest records; raises :class:`RecordError` saying what is wrong."""
    try:
        files = _files(source)
    except Exception as exc:  # noqa: BLE001 -- whatever is wrong with the file, it is the user's input
        raise RecordError(f"{source}: cannot read its attachments ({type(exc).__name__}: {exc})") from exc
    if MANIFEST_NAME not in files:
        raise RecordError(f"{source}: no {MANIFEST_NAME} (give a report.pdf, a findings folder or its manifest.json)")
    try:
        manifest = json.loads(files[MANIFEST_NAME])
    except ValueError as exc:
        raise RecordError(f"{source}: {MANIFEST_NAME} is not JSON ({exc})") from exc
    if not isinstance(manifest, dict) or manifest.get("format") != MANIFEST_FORMAT or not _well_formed(manifest):
        raise RecordError(f"{source}: {MANIFEST_NAME} is not an {MANIFEST_FORMAT} manifest")
    outputs = {key: files[name] for key, name in COMPARED.items() if name in files}
    for key, data in outputs.items():
        if hashlib.sha256(data).hexdigest() != manifest[key].get("sha256"):
            raise RecordError(f"{source}: {COMPARED[key]} is not the one {MANIFEST_NAME} records (auditor verify)")
        if not isinstance(json.loads(data), dict if key == "summary" else list):
            raise RecordError(f"{source}: {COMPARED[key]} is not an audit's {COMPARED[key]}")
    return Recorded(str(source), manifest, outputs)


def _well_formed(manifest: dict[str, Any]) -> bool:
    """The parts of a manifest that ``reproduce`` reads have their shapes (a damaged one is an input error)."""
    return (isinstance(manifest.get("parameters"), dict)
            and all(isinstance(manifest.get(key), dict) for key in COMPARED)
            and all(isinstance(manifest.get(key), list) and all(isinstance(e, dict) for e in manifest[key])
                    for key in ("inputs", "rulesets")))
