"""keywords."""
