"""Compare a re-run of an audit with its record (``auditor reproduce``): the inputs, findings, quarantine and summary,
then the rest of the manifest less its ``run``; each part is identical, byte for byte, or the first entries that
differ are named."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from auditor.engine.ruleset import Ruleset
from auditor.model.result import AuditResult
from auditor.report.manifest import build_manifest, canonical_json, findings_json, quarantine_json, summary_json
from auditor.report.recorded import COMPARED, Recorded

SHOWN = 5  # differing entries named per part and side
_OUTPUTS: dict[str, Callable[[AuditResult], bytes]] = {
    "findings": findings_json, "quarantine": quarantine_json, "summary": summary_json,
}
# Manifest keys compared on their own (inputs) or through the outputs they hash; the rest is compared as a whole.
_APART = {"run", "inputs", *COMPARED}


@dataclass(frozen=True)
class Part:
    """One part of the comparison: ``identical``, or ``lines`` saying where it differs."""

    name: str
    identical: bool
    lines: list[str]


def refusals(manifest: dict[str, Any], version: str, rulesets: dict[str, Ruleset]) -> list[str]:
    """Why these rulesets and this auditor cannot re-run the recorded audit: another auditor version, or a ruleset
    whose file is not byte for byte the recorded one. Empty when they can."""
    problems = []
    if manifest.get("auditor_version") != version:
        problems.append(f"the audit was made by auditor {manifest.get('auditor_version')}, this is auditor {version}: "
                        f"install auditor {manifest.get('auditor_version')} to reproduce it")
    for entry in manifest.get("rulesets", []):
        current = rulesets.get(entry.get("game"))
        if current is None:
            problems.append(f"the audit applied {entry.get('file')} ({entry.get('game')}), which is not installed here")
        elif current.sha256 != entry.get("sha256"):
            problems.append(f"ruleset {entry.get('file')} differs from the one the audit applied: sha256 "
                            f"{current.sha256[:12]}… here, {str(entry.get('sha256'))[:12]}… recorded "
                            f"(version {current.version} here, {entry.get('version')} recorded)")
    return problems


def _key(entry: Any) -> str:
    return json.dumps(entry, sort_keys=True, ensure_ascii=False)


def _only(ours: list[Any], theirs: list[Any]) -> list[Any]:
    """The entries of ``ours`` that ``theirs`` lacks, counting repeats, in the order of ``ours``."""
    left = Counter(map(_key, theirs))
    missing = []
    for entry in ours:
        if left[_key(entry)]:
            left[_key(entry)] -= 1
        else:
            missing.append(entry)
    return missing


def _shown(label: str, entries: list[Any], describe: Callable[[Any], str]) -> list[str]:
    lines = [f"{label}: {describe(entry)}" for entry in entries[:SHOWN]]
    if len(entries) > SHOWN:
        lines.append(f"{label}: … and {len(entries) - SHOWN} more")
    return lines


def _entries_diff(recorded: list[Any], now: list[Any], describe: Callable[[Any], str]) -> list[str]:
    gone, new = _only(recorded, now), _only(now, recorded)
    if not gone and not new:
        return ["the same entries, in another order"]
    return [f"{len(gone)} recorded entr{'y' if len(gone) == 1 else 'ies'} not found again, {len(new)} new",
            *_shown("recorded only", gone, describe), *_shown("now only", new, describe)]


def describe_finding(f: dict[str, Any]) -> str:
    where = " ".join(f"{key} {f[key]}" for key in ("table", "shoe", "hand", "seq") if f.get(key) is not None)
    return f"{f.get('rule')} {where} ({f.get('file')}:{f.get('line')}): {f.get('message')}"


def describe_quarantined(q: dict[str, Any]) -> str:
    return f"{q.get('file')}:{q.get('line')}: {q.get('reason')}"


def describe_input(i: dict[str, Any]) -> str:
    return (f"{i.get('path')} (sha256 {str(i.get('sha256'))[:12]}…, {i.get('size')} bytes, {i.get('records')} "
            f"records, {i.get('quarantined')} quarantined)")


def _summary_diff(recorded: dict[str, Any], now: dict[str, Any]) -> list[str]:
    """The summary's top-level values that differ, then per rule the values that differ."""
    keys = sorted((recorded.keys() | now.keys()) - {"rules"})
    lines = [f"{key}: {_key(recorded.get(key))} recorded, {_key(now.get(key))} now"
             for key in keys if recorded.get(key) != now.get(key)]
    rules = {r["id"]: r for r in recorded.get("rules", [])}
    again = {r["id"]: r for r in now.get("rules", [])}
    lines += [f"rule {rule}: {_changes(rules.get(rule, {}), again.get(rule, {}))}"
              for rule in sorted(rules.keys() | again.keys()) if rules.get(rule) != again.get(rule)]
    return _limited(lines)


def _changes(before: dict[str, Any], after: dict[str, Any]) -> str:
    """``key recorded → now`` for each value that differs (hashes cut to 12 digits)."""
    def short(key: str, value: Any) -> str:
        return f"{str(value)[:12]}…" if key == "sha256" else _key(value)

    return ", ".join(f"{k} {short(k, before.get(k))} → {short(k, after.get(k))}"
                     for k in sorted(before.keys() | after.keys()) if before.get(k) != after.get(k))


def _limited(lines: list[str]) -> list[str]:
    return lines[: 2 * SHOWN] + ([f"… and {len(lines) - 2 * SHOWN} more"] if len(lines) > 2 * SHOWN else [])


def _inputs(recorded: list[dict[str, Any]], now: list[dict[str, Any]]) -> Part:
    """The log files by name: each one missing, extra, or whose hash or counts differ."""
    if canonical_json(recorded) == canonical_json(now):
        return Part("inputs", True, [f"{len(now)} file(s)"])
    before, after = {str(i.get("path")): i for i in recorded}, {str(i.get("path")): i for i in now}
    lines = []
    for name in sorted(before.keys() | after.keys()):
        if name not in after:
            lines.append(f"missing: {describe_input(before[name])}")
        elif name not in before:
            lines.append(f"extra: {describe_input(after[name])}")
        elif before[name] != after[name]:
            lines.append(f"differs: {name}: {_changes(before[name], after[name])}")
    lines = _limited(lines)
    if sorted(str(i.get("sha256")) for i in recorded) == sorted(str(i.get("sha256")) for i in now):
        lines.append("the same files, under other names: give the logs as they were given to the audit (a folder "
                     "names its files below it; several paths, below the folder that holds them all)")
    return Part("inputs", False, lines)


def _size(name: str, data: bytes) -> str:
    if name == "summary":
        return "the verdict, the counts and every rule"
    return f"{len(json.loads(data))} {'finding(s)' if name == 'findings' else 'quarantined record(s)'}"


def _output(name: str, recorded: Recorded, data: bytes) -> Part:
    theirs = recorded.outputs.get(name)
    if theirs is None:
        if hashlib.sha256(data).hexdigest() == recorded.manifest.get(name, {}).get("sha256"):
            return Part(name, True, [f"{_size(name, data)}, by the hash the manifest records"])
        return Part(name, False, [f"its hash is not the one the manifest records, and the recorded {COMPARED[name]} "
                                  "is not at hand to name the entries that differ"])
    if theirs == data:
        return Part(name, True, [_size(name, data)])
    before, after = json.loads(theirs), json.loads(data)
    if name == "summary":
        return Part(name, False, _summary_diff(before, after))
    describe = describe_finding if name == "findings" else describe_quarantined
    return Part(name, False, _entries_diff(before, after, describe))


def compare(recorded: Recorded, result: AuditResult) -> list[Part]:
    """Each part of the re-run ``result`` against the record: inputs, findings, quarantine, summary, and the rest of
    the manifest (less ``run``)."""
    manifest = build_manifest(result)
    parts = [_inputs(recorded.manifest.get("inputs", []), manifest["inputs"])]
    parts += [_output(name, recorded, output(result)) for name, output in _OUTPUTS.items()]
    keys = sorted((recorded.manifest.keys() | manifest.keys()) - _APART)
    rest = [f"{key}: {_key(recorded.manifest.get(key))} recorded, {_key(manifest.get(key))} now"
            for key in keys if recorded.manifest.get(key) != manifest.get(key)]
    parts.append(Part("manifest", not rest, rest or ["everything else it records, less run"]))
    return parts
