"""`flask users …` commands."""

import click
from flask.cli import AppGroup

from ..errors import ServiceError
from ..extensions import db
from .service import create_user, find_user, issue_token

users_cli = AppGroup("users", help="Manage accounts and API tokens.")


@users_cli.command("create")
@click.argument("name")
@click.option("--password", prompt=True, hide_input=True, confirmation_prompt=True)
def create(name: str, password: str) -> None:
    """Create an account."""
    try:
        user = create_user(name, password)
    except ServiceError as error:
        raise click.ClickException(error.message) from None
    db.session.commit()
    click.echo(f"Created user {user.username}.")


@users_cli.command("token")
@click.argument("name")
def token(name: str) -> None:
    """Print a new API token for NAME as the last line."""
    user = find_user(name)
    if user is None:
        raise click.ClickException(f"There is no user called {name}.")
    try:
        value = issue_token(user)
    except ServiceError as error:
        raise click.ClickException(error.message) from None
    db.session.commit()
    click.echo(f"New API token for {user.username} (shown once; revoke it on the account page):")
    click.echo(value)
