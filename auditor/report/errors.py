"""Why a report could not be rendered faithfully; ``render_pdf`` writes no file when it raises one of these."""


class ReportError(RuntimeError):
    """WeasyPrint reported a problem (a warning or an error) while rendering, or a resource was refused."""


class MissingGlyphError(ReportError):
    """Some text would be drawn as an empty box (``.notdef``): a font is missing."""


class MissingFontError(ReportError):
    """A font the report names is not installed."""
