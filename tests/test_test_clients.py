"""The test clients read a streamed answer whole, as a server sends it, through the app's own
`test_client_class` (conftest.make_app), leaving Flask's FlaskClient as Flask ships it."""

import flask.testing
from flask import Response, stream_with_context
from werkzeug.test import Client

from conftest import WholeAnswerClient


def test_flask_s_own_client_is_left_as_it_ships():
    assert flask.testing.FlaskClient.open.__module__ == "flask.testing"
    assert flask.testing.FlaskClient.open.__qualname__ == "FlaskClient.open"
    assert Client.open.__module__ == "werkzeug.test"


def test_every_app_of_the_tests_reads_a_streamed_answer_whole_unless_asked(app, other_worker):
    pieces = []

    @app.get("/__streamed")
    def streamed():
        def body():
            for piece in ("a", "b", "c"):
                pieces.append(piece)
                yield piece
        return Response(stream_with_context(body()))

    client = app.test_client()
    assert isinstance(client, WholeAnswerClient)
    assert isinstance(other_worker().test_client(), WholeAnswerClient)
    whole = client.get("/__streamed")
    assert pieces == ["a", "b", "c"] and not whole.is_streamed and whole.get_data(as_text=True) == "abc"
    pieces.clear()
    held = client.get("/__streamed", buffered=False)
    assert held.is_streamed and pieces == ["a"]  # werkzeug reads the first piece; the rest waits for the test
    assert held.get_data(as_text=True) == "abc"
    held.close()
