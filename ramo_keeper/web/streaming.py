"""A download streamed a batch at a time, each batch read in an app context opened for it alone.

Flask's stream_with_context keeps the request's context entered from the response's making to its
last byte, across every yield. A response dropped part-read (a client gone; Werkzeug's test client
reads the first piece of every streamed answer) is then closed wherever its last reference goes: on
another thread, or in the middle of another request, where leaving that context runs the request's
teardown with no app (a LookupError on `flask.app_ctx`) or pops someone else's context. Here a
context is entered around each batch and left before the batch is handed on, so nothing stays open
between pieces, and closing early (on any thread) only closes the reader. The reader's language is
chosen now, while the request still says who reads.
"""

from collections.abc import Iterator

from flask import current_app
from flask_babel import force_locale, get_locale


def streamed(chunks: Iterator[str]) -> Iterator[str]:
    """`chunks` (a generator) read a piece at a time, each in an app context of its own and the reader's language."""
    app = current_app._get_current_object()
    locale = str(get_locale())

    def generate() -> Iterator[str]:
        try:
            while True:
                with app.app_context(), force_locale(locale):
                    chunk = next(chunks, None)
                if chunk is None:
                    return
                yield chunk
        finally:
            with app.app_context():
                chunks.close()  # the reader's own connection is given back, wherever this runs

    return generate()
