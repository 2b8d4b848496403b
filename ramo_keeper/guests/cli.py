"""`flask guests …` commands."""

import click
from flask import current_app
from flask.cli import AppGroup

from ..extensions import db
from .prune import prune_idle_guests

guests_cli = AppGroup("guests", help="Guest accounts (play without signing up).")


@guests_cli.command("prune")
@click.option("--days", type=click.IntRange(min=1), default=None,
              help="Idle for this many days (default: GUEST_IDLE_DAYS, 90).")
def prune(days: int | None) -> None:
    """Remove guest leagues idle for DAYS days; nothing saved to an account is touched."""
    days = days or current_app.config["GUEST_IDLE_DAYS"]
    pruned = prune_idle_guests(days)
    db.session.commit()
    click.echo(f"Removed {pruned.leagues} guest league(s) idle for {days} days or more, "
               f"with {pruned.games} game(s), and {pruned.guests} guest(s).")
