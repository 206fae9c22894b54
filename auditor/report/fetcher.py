"""The only way WeasyPrint may load a resource while rendering a report: files under one directory.

Log text reaches the templates (player ids, reasons, messages), so everything else (http, data:, other files) is
refused, and a refusal stops the rendering instead of being logged and skipped. Every attempt is logged at DEBUG on
``auditor.report.fetcher``. Fonts do not come through here: fontconfig finds them."""

from __future__ import annotations

import logging
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

from weasyprint.urls import URLFetcher, URLFetcherResponse

LOG = logging.getLogger(__name__)

CONTENT_TYPES = {".css": "text/css; charset=utf-8"}


class FetchRefused(ValueError):
    """A URL outside the allowed directory; WeasyPrint turns it into a fatal error."""


class DirectoryFetcher(URLFetcher):
    """Serves ``file:`` URLs of regular files under ``root`` and refuses every other URL."""

    def __init__(self, root: Path) -> None:
        super().__init__(allowed_protocols={"file"}, allow_redirects=False, fail_on_errors=True)
        self.root = root.resolve()

    def fetch(self, url: str, headers: dict | None = None) -> URLFetcherResponse:
        LOG.debug("fetch %s", url)
        path = self.local_path(url)
        content_type = CONTENT_TYPES.get(path.suffix, "application/octet-stream")
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": content_type})

    def local_path(self, url: str) -> Path:
        """The file ``url`` names, if it is a regular file under ``root``; else raise :class:`FetchRefused`."""
        parts = urlsplit(url)
        if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
            raise FetchRefused(f"refused to fetch {url!r}: only files of the report templates may load")
        path = Path(url2pathname(parts.path)).resolve()
        if not path.is_relative_to(self.root) or not path.is_file():
            raise FetchRefused(f"refused to fetch {url!r}: not a file under {self.root}")
        return path
