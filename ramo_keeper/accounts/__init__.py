"""Accounts: registration, login, API tokens and the `flask users` commands."""
