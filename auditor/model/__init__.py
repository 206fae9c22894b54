"""The audit's data model: findings, coverage, outcomes and the audit result."""
