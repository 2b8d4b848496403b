"""Accounts: register, log in, log out, change password, CSRF."""

import pytest

from ramo_keeper.extensions import db
from ramo_keeper.models import User


def test_register_logs_the_new_user_in(web):
    web.register("Ana")
    page = web.get("/").get_data(as_text=True)
    assert "Hello, Ana" in page


def test_password_is_stored_hashed_with_scrypt(app, web):
    app.config.pop("PASSWORD_HASH_METHOD")  # the production default
    web.register("Ana", "secret-pass")
    with app.app_context():
        user = db.session.execute(db.select(User)).scalar_one()
        assert user.password_hash.startswith("scrypt:")
        assert "secret-pass" not in user.password_hash


@pytest.mark.parametrize(("name", "password", "confirm", "message"), [
    ("ana", "long enough", "long enough", "The name ana is taken."),
    ("ANA", "long enough", "long enough", "The name ANA is taken."),
    ("Bo", "short", "short", "Use at least 8 characters."),
    ("", "long enough", "long enough", "Choose a name."),
    ("Bo", "long enough", "different!", "The two passwords differ."),
])
def test_registration_errors_show_next_to_the_field_and_keep_the_input(
        new_web, name, password, confirm, message):
    new_web().register("Ana")
    other = new_web()
    other.get("/register")
    response = other.post("/register", {"username": name, "password": password, "confirm": confirm})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert message in page
    assert 'class="field-error"' in page
    if name:
        assert f'value="{name}"' in page


def test_failed_login_says_one_generic_message(web, new_web):
    web.register("Ana")
    stranger = new_web()
    wrong_password = stranger.login("Ana", "not the password").get_data(as_text=True)
    unknown_user = stranger.login("Nobody", "whatever-pass").get_data(as_text=True)
    for page in (wrong_password, unknown_user):
        assert "That name and password do not match." in page


def test_login_is_case_insensitive_on_the_name(web, new_web):
    web.register("Ana")
    other = new_web()
    response = other.login("ANA")
    assert response.status_code == 303
    assert "Hello, Ana" in other.get("/").get_data(as_text=True)


def test_login_redirects_only_to_local_next(web, new_web):
    web.register("Ana")
    other = new_web()
    other.get("/login")
    response = other.post("/login?next=https://evil.example/", {"username": "Ana", "password": "correct horse"})
    assert response.headers["Location"] in ("/", "http://keeper.test/")


def test_logout_ends_the_session(web):
    web.register("Ana")
    web.logout()
    assert web.get("/leagues").status_code == 302


def test_change_password(web, new_web):
    web.register("Ana")
    web.get("/account")
    response = web.post("/account", {"current": "wrong-one", "password": "new password", "confirm": "new password"})
    assert "That is not your current password." in response.get_data(as_text=True)
    response = web.post("/account", {"current": "correct horse", "password": "new password",
                                         "confirm": "new password"})
    assert response.status_code == 303
    assert new_web().login("Ana", "new password").status_code == 303
    assert new_web().login("Ana", "correct horse").status_code == 422


@pytest.fixture
def csrf_app(app):
    app.config["WTF_CSRF_ENABLED"] = True
    return app


def test_form_post_without_csrf_token_is_refused(csrf_app):
    client = csrf_app.test_client()
    response = client.post("/register", data={"username": "Ana", "password": "long enough", "confirm": "long enough"})
    assert response.status_code == 400


def test_htmx_post_without_csrf_header_is_refused_and_with_it_accepted(web):
    web.register("Ana")
    web.get("/leagues")
    refused = web.client.post("/leagues", data={"name": "Friday"}, headers={"HX-Request": "true"})
    assert refused.status_code == 400
    accepted = web.post("/leagues", {"name": "Friday"}, htmx=True)
    assert accepted.status_code == 303


def test_body_carries_the_csrf_header_for_htmx(web):
    page = web.get("/login").get_data(as_text=True)
    assert "hx-headers='{\"X-CSRFToken\": \"" in page
    assert 'hx-boost="true"' in page


def test_account_page_creates_lists_and_revokes_api_tokens(app, web):
    import re

    from ramo_keeper.accounts.service import user_for_token

    web.register("Ana")
    web.get("/account")
    created = web.post("/account/tokens").get_data(as_text=True)
    token = re.search(r'<code class="token" id="new-token">([^<]+)</code>', created).group(1)
    with app.app_context():
        assert user_for_token(token).username == "Ana"  # also stamps "last used"
        db.session.commit()
    listing = web.get("/account").get_data(as_text=True)
    assert token not in listing  # shown once, stored hashed
    assert f"<code>{token[:8]}…</code>" in listing and "never" not in listing
    token_id = re.search(r'/account/tokens/(\d+)/revoke', listing).group(1)
    assert web.post(f"/account/tokens/{token_id}/revoke").status_code == 303
    assert "revoked" in web.get("/account").get_data(as_text=True)
    with app.app_context():
        assert user_for_token(token) is None


def test_a_user_cannot_revoke_someone_elses_token(app, web, new_web):
    from ramo_keeper.accounts.service import issue_token
    from ramo_keeper.models import ApiToken

    web.register("Ana")
    with app.app_context():
        bo = User(username="Bo", username_key="bo", password_hash="x")
        db.session.add(bo)
        db.session.flush()
        issue_token(bo)
        db.session.commit()
        token_id = db.session.execute(db.select(ApiToken.id)).scalar_one()
    web.get("/account")
    web.post(f"/account/tokens/{token_id}/revoke")
    with app.app_context():
        assert db.session.get(ApiToken, token_id).revoked_at is None
