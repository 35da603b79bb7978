"""The service's own errors: project errors (a ``code`` and a message) with an HTTP status."""

from __future__ import annotations

from paigow.errors import PaigowError, ParseError, RuleError

__all__ = ["ServiceError", "UnknownTableError", "UnknownRoundError", "TokenError", "ConflictError",
           "RequestTooLargeError"]


class ServiceError(PaigowError):
    """An error of the service rather than of the game; ``status`` is its HTTP status."""

    code = "serve.error"
    status = 400


class UnknownTableError(ServiceError, ParseError):
    """A table id that names no table."""

    code = "table.unknown"
    status = 404


class UnknownRoundError(ServiceError, ParseError):
    """A round number past the table's finished rounds."""

    code = "round.unknown"
    status = 404


class TokenError(ServiceError, RuleError):
    """A missing or wrong bearer token for a table."""

    code = "table.token"
    status = 401


class ConflictError(ServiceError, RuleError):
    """An action sent with ``if_seq`` when the table has moved on."""

    code = "table.conflict"
    status = 409


class RequestTooLargeError(ServiceError, ParseError):
    """A request body over the service's limit."""

    code = "request.too_large"
    status = 413
