"""``auditor keygen | sign | verify``: inspector keys, signed reports, and their verification (docs/signing.md)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from auditor.cli.app import app
from auditor.ingest.readers import LOG_SUFFIXES
from auditor.model.outcome import ExitCode

# The signing stack (pyHanko, asn1crypto: seconds of imports) is loaded by the commands that use it, not by every
# command of the auditor.
if TYPE_CHECKING:
    from auditor.report.verify import Verdict

_MARKS = {True: "PASS", False: "FAIL", None: "NOT CHECKED"}


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(ExitCode.INPUT_ERROR)


def _printable(text: str) -> str:
    """Escape control characters (a hostile file name must not drive the terminal); keep line breaks."""
    return "".join(c if c.isprintable() or c == "\n" else f"\\x{ord(c):02x}" for c in text)


def _write_new(path: Path, data: bytes, mode: int, force: bool) -> None:
    flags = os.O_WRONLY | os.O_CREAT | (os.O_TRUNC if force else os.O_EXCL)
    with os.fdopen(os.open(path, flags, mode), "wb") as f:
        f.write(data)


@app.command()
def keygen(
    out: Annotated[Path, typer.Option("--out", metavar="KEY.p12", help="PKCS#12 file to write (e.g. inspector.p12).")],
    name: Annotated[
        str, typer.Option("--name", metavar="NAME", help='Signer name in the certificate: "Inspector Chan, DICJ".')
    ],
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing key and certificate files.")] = False,
) -> None:
    """Make a self-signed inspector certificate for trials (RSA 3072, non-repudiation, valid 2 years).

    Writes the private key and certificate to OUT (PKCS#12, encrypted with a passphrase taken from
    AUDITOR_KEY_PASSPHRASE or asked for twice) and the certificate alone beside it as a .pem file, for
    whoever verifies your reports (`auditor verify --trust`). For real use, sign with a certificate issued
    by an authority instead: docs/signing.md."""
    from asn1crypto import x509 as asn1_x509
    from asn1crypto.pem import unarmor

    from auditor.report.cert_policy import fingerprint
    from auditor.report.keys import make_self_signed
    from auditor.report.sign import passphrase_from_env_or_prompt

    pem_path = out.with_suffix(".pem")
    if pem_path == out:
        raise _fail(f"--out names the key file; the certificate is written beside it as .pem: {out}")
    if not force and (out.exists() or pem_path.exists()):
        raise _fail(f"{out} or {pem_path} exists; pass --force to overwrite")
    try:
        passphrase = passphrase_from_env_or_prompt(confirm=True)
        p12, pem = make_self_signed(name, passphrase)
        _write_new(out, p12, 0o600, force)
        _write_new(pem_path, pem, 0o644, force)
    except (ValueError, OSError) as exc:
        raise _fail(str(exc)) from exc
    typer.echo(f"wrote {out} (private key: keep it secret) and {pem_path} (certificate: share it)")
    typer.echo(f"certificate SHA-256 fingerprint: {fingerprint(asn1_x509.Certificate.load(unarmor(pem)[2]))}")


@app.command()
def sign(
    report: Annotated[
        Path, typer.Argument(metavar="REPORT.pdf", help="The PDF report to sign.", exists=True, dir_okay=False)
    ],
    key: Annotated[
        Path, typer.Option(
            "--key", metavar="KEY.p12", help="Inspector key and certificate (PKCS#12).", exists=True, dir_okay=False
        )
    ],
    out: Annotated[
        Path | None, typer.Option("--out", metavar="OUT.pdf", help="Write the signed report here (default: in place).")
    ] = None,
) -> None:
    """Sign an existing report with an invisible PAdES signature covering the whole file.

    The passphrase comes from AUDITOR_KEY_PASSPHRASE or is asked for; it is never an option. A report that
    is already signed is refused: a report carries exactly one signature."""
    from auditor.report.keys import KeyFileError
    from auditor.report.sign import SigningError, passphrase_from_env_or_prompt, sign_pdf

    target = out or report
    try:
        passphrase = passphrase_from_env_or_prompt()
        sign_pdf(report, target, key, passphrase)
    except (KeyFileError, SigningError) as exc:
        raise _fail(str(exc)) from exc
    except Exception as exc:  # noqa: BLE001 -- an unreadable PDF is an input error, not a crash
        raise _fail(f"cannot sign {report}: {type(exc).__name__}: {exc}") from exc
    typer.echo(f"signed {target}")


def _print_verdict(verdict: Verdict) -> None:
    width = max(len(check.name) for check in verdict.checks)
    for check in verdict.checks:
        first, *rest = _printable(check.detail).splitlines() or [""]
        typer.echo(f"{check.name:<{width}}  {_MARKS[check.ok]:<11}  {first}")
        for line in rest:
            typer.echo(f"{'':<{width}}  {'':<11}    {line}")
    typer.echo(_printable(verdict.headline))


VERIFY_EXIT_CODES = (
    "Exit codes: 0 verified (unchanged since signed, the signer trusted, every check run passed); 1 signer not "
    "trusted (unchanged since signed with the key of the certificate it carries, but who signed it is not proven: "
    "no --trust, or not trusted by it); 2 not verified (changed, damaged, inconsistent, or the logs differ), "
    "and typer's 2 for usage errors; 3 the auditor itself failed."
)


@app.command(context_settings={"allow_extra_args": True}, epilog=VERIFY_EXIT_CODES)
def verify(
    ctx: typer.Context,
    report: Annotated[Path, typer.Argument(metavar="REPORT.pdf", help="The signed PDF report.")],
    trust: Annotated[
        Path | None,
        typer.Option(
            "--trust", metavar="CERT.pem", help="Certificate(s) to trust (PEM, DER): the inspector's .pem or a CA root."
        ),
    ] = None,
    logs: Annotated[
        list[Path] | None,
        typer.Option(
            "--logs",
            metavar="PATH",
            help=f"Log files or folders to compare with the manifest, as given to the audit (folders searched "
            f"recursively for {' '.join(sorted(LOG_SUFFIXES))}, as the audit does). Takes several paths: --logs a b c.",
        ),
    ] = None,
) -> None:
    """Verify a signed report and print a verdict: exit 0 only if verified and the signer trusted.

    Checks: exactly one signature; the file is byte for byte the one signed and the signature valid; it covers
    the whole file (nothing appended later); the signer is trusted: its certificate, with nonRepudiation, chains
    to a --trust certificate, and every certificate of the chain is valid at the signing time and now (without
    --trust this is not proven: it says whose key signed and gives its fingerprint); findings.json and
    manifest.json are the signed ones and agree; with --logs, the files an audit of those paths reads are exactly
    the logs the manifest records (naming each file that differs, is missing or is extra)."""
    from auditor.report.verify import verify_report

    if ctx.args and logs is None:
        raise typer.BadParameter(f"unexpected argument(s): {' '.join(ctx.args)}")
    all_logs = None if logs is None else [*logs, *map(Path, ctx.args)]
    verdict = verify_report(report, trust, all_logs)
    _print_verdict(verdict)
    raise typer.Exit(verdict.exit_code)

