"""Operations shared by the pages, the API and the CLI; each raises a domain error, never HTTP."""


class ServiceError(Exception):
    """A request that cannot be carried out, in words a person can act on."""

    status = 422

    def __init__(self, message: str, field: str | None = None, details: dict | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.details = details or {}


class Conflict(ServiceError):
    status = 409


class NotFound(ServiceError):
    status = 404
