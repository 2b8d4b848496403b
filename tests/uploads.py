"""A backup file posted to the import page as a browser sends it, through Flask's test client."""

import uuid

from conftest import csrf_from


def multipart(fields: dict, file: bytes) -> tuple[bytes, str]:
    """A form with a file (field "file"), as bytes and its content type. Built here: the test client would spool
    a large body to a temporary file that nothing closes (a ResourceWarning, an error in this suite)."""
    boundary = uuid.uuid4().hex
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
             for name, value in fields.items()]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="backup.json"\r\n'
                 f"Content-Type: application/json\r\n\r\n".encode() + file + f"\r\n--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def post_backup(person, league_id: int, file: bytes, **headers):
    """Open the import page (for its CSRF token) and send `file`; `person` is a conftest.Browser."""
    page = person.get(f"/leagues/{league_id}/import").get_data(as_text=True)
    body, content_type = multipart({"csrf_token": csrf_from(page)}, file)
    return person.client.post(f"/leagues/{league_id}/import", data=body, content_type=content_type, headers=headers)
