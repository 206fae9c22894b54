"""``audit --out``: claim the folder before the audit, publish its outputs after, with clear messages (exit 2)."""

from __future__ import annotations

from pathlib import Path

import typer

from auditor.ingest.discover import InputError
from auditor.model.outcome import ExitCode
from auditor.model.result import AuditResult
from auditor.report.folder_lock import FolderBusy
from auditor.report.out_folder import OutFolder, OutFolderRefused, claim, publish
from auditor.report.outputs import write_outputs


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(ExitCode.INPUT_ERROR)


def claim_out_or_exit(
    ctx: typer.Context, out: Path, paths: list[Path], *, overwrite: bool, db: Path | None
) -> OutFolder:
    """Claim ``out`` until the command ends (see ``report.out_folder.claim``), or exit 2 saying why not."""
    try:
        folder = ctx.with_resource(claim(out, paths, overwrite=overwrite, keep={"--db": db} if db else None))
    except FolderBusy as exc:
        raise _fail(f"another audit is writing to {out} ({exc}); wait for it to end or choose another --out") from exc
    except (OutFolderRefused, InputError) as exc:
        raise _fail(str(exc)) from exc
    except OSError as exc:
        raise _fail(f"cannot prepare --out {out}: {exc.strerror or exc} ({exc.filename})") from exc
    for note in folder.notes:
        typer.echo(f"note: {note}", err=True)
    return folder


def publish_or_exit(
    folder: OutFolder, result: AuditResult, *, pdf: bool, key: tuple[Path, bytes] | None, examples: int
) -> list[str]:
    """Write every output and put them in place of ``--out`` together; a failure to write (a full disk) exits 2
    with ``--out`` as it was."""
    try:
        return publish(folder, lambda staging: write_outputs(result, staging, pdf=pdf, key=key, examples=examples))
    except OSError as exc:
        where = f" (writing {Path(exc.filename).name})" if exc.filename else ""
        raise _fail(f"cannot write the report to {folder.given}: {exc.strerror or exc}{where}; "
                    f"{folder.given} is as it was before this audit") from exc
    except OutFolderRefused as exc:
        raise _fail(f"{exc}; nothing was written") from exc
