"""auditor: regulation compliance auditor for Macau casino table games."""

__version__ = "0.1.0"
