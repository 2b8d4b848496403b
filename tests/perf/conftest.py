"""Fixtures for the read-cost tests."""

import pytest

from .seeding import PASSWORD


@pytest.fixture
def member_of(new_web):
    """A browser logged in as the named user."""

    def login(name: str):
        browser = new_web()
        response = browser.login(name, PASSWORD)
        assert response.status_code == 303, response.get_data(as_text=True)
        return browser

    return login
