"""The service's own errors: project errors (a ``code`` and a message) with an HTTP status."""

from __future__ import annotations

from paigow.errors import PaigowError, ParseError, RuleError

__all__ = ["ServiceError", "UnknownTableError", "UnknownRoundError", "TokenError", "ConflictError",
           "RequestTooLargeError", "OperatorError", "TableLimitError", "RateLimitError", "HostError",
           "SeedError", "TableClosedError", "RoundOpenError", "QuarantinedError", "JournalOpenError",
           "JournalUnavailableError", "StartError", "StreamLimitError", "SeatTokenError", "SeatForbiddenError",
           "SeatRequestError", "SeatPendingError"]


class ServiceError(PaigowError):
    """An error of the service rather than of the game; ``status`` is its HTTP status."""

    code = "serve.error"
    status = 400


class UnknownTableError(ServiceError, ParseError):
    """A table id that names no table of the operator asking."""

    code = "table.unknown"
    status = 404


class UnknownRoundError(ServiceError, ParseError):
    """A round number past the table's finished rounds."""

    code = "round.unknown"
    status = 404


class TokenError(ServiceError, RuleError):
    """A missing or wrong bearer token for a table (the same answer whether the table exists or not)."""

    code = "table.token"
    status = 401


class OperatorError(ServiceError, RuleError):
    """A request that needs an operator key without one (or with a wrong one)."""

    code = "operator.key"
    status = 401


class TableLimitError(ServiceError, RuleError):
    """An operator at the most open tables allowed."""

    code = "table.limit"
    status = 403


class RateLimitError(ServiceError, RuleError):
    """More requests from one client than the service's rate allows."""

    code = "request.rate"
    status = 429


class HostError(ServiceError, ParseError):
    """A request for a host name the service is not configured to answer (DNS rebinding)."""

    code = "request.host"
    status = 400


class SeedError(ServiceError, RuleError):
    """A seed for a live table (seeds are for simulation tables), or an unknown mode."""

    code = "table.seed"
    status = 400


class ConflictError(ServiceError, RuleError):
    """An action sent with ``if_seq`` when the table has moved on."""

    code = "table.conflict"
    status = 409


class TableClosedError(ServiceError, RuleError):
    """An action on a closed (archived) table."""

    code = "table.closed"
    status = 409


class RoundOpenError(ServiceError, RuleError):
    """Closing a table with a round open."""

    code = "table.round_open"
    status = 409


class QuarantinedError(ServiceError, RuleError):
    """A table whose journal did not check or replay at start: kept aside, named, not served."""

    code = "table.quarantined"
    status = 503


class JournalUnavailableError(ServiceError, RuleError):
    """The journal cannot take a write (a full disk, a lost database): nothing was changed."""

    code = "journal.unavailable"
    status = 503


class JournalOpenError(ServiceError, ParseError):
    """A journal that cannot be opened: missing directory, not SQLite, read-only, corrupt, in use."""

    code = "journal.open"
    status = 500


class StartError(ServiceError, ParseError):
    """``paigow serve`` cannot start: the port, the keys, the hosts."""

    code = "serve.start"
    status = 500


class RequestTooLargeError(ServiceError, ParseError):
    """A request body over the service's limit."""

    code = "request.too_large"
    status = 413


class StreamLimitError(ServiceError, RuleError):
    """Too many open event streams from one client address, or on one table (429; issue 33)."""

    code = "stream.limit"
    status = 429


class SeatTokenError(ServiceError, RuleError):
    """A missing, wrong or revoked seat token (a player's own device, issue 38), or no such table
    (the same answer whether the table exists or not)."""

    code = "seat.token"
    status = 401


class SeatForbiddenError(ServiceError, RuleError):
    """An action a seat may not take: the dealer's, or on another position's behalf."""

    code = "seat.forbidden"
    status = 403


class SeatRequestError(ServiceError, RuleError):
    """A dealer's answer to a seat request that is not pending: answered already, lapsed, never
    made, or a table that takes a seat's bets at once (``seat_bets`` "accept")."""

    code = "seat.request"
    status = 404


class SeatPendingError(ServiceError, RuleError):
    """A seat's request more than a seat may have waiting for the dealer."""

    code = "seat.pending"
    status = 409
