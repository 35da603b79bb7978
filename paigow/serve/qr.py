"""The dealer token's QR code, to print at opening: a resume address and its QR code as SVG.

The code holds exactly the address that resumes the table on the dealer's page:
``{base}/#table={id}&token={token}`` (the token after ``#``: a browser never sends the fragment
to the service, so it is in no request line or log). :func:`svg` draws the code's modules
(segno makes the matrix: pure Python, no dependency, maintained; error correction M) as one
path of unit squares, with the four-module quiet zone, black on white, no script and no style.

>>> resume_url("http://127.0.0.1:8000/", "0123abcd", "tok-_9")
'http://127.0.0.1:8000/#table=0123abcd&token=tok-_9'
>>> m = matrix("paigow")
>>> len(m), len(m[0]), svg("paigow").startswith('<svg xmlns="http://www.w3.org/2000/svg"')
(21, 21, True)
"""

from __future__ import annotations

__all__ = ["resume_url", "display_url", "seat_url", "matrix", "svg", "QUIET", "ERROR"]

QUIET = 4
"""Modules of white border around the code (the standard's quiet zone)."""
ERROR = "m"
"""Error correction level M: 15% of the code may be unreadable (a crease, a stain)."""


def resume_url(base: str, tid: str, token: str) -> str:
    """The address that resumes table ``tid`` with ``token`` on the page served at ``base``."""
    return f"{base.rstrip('/')}/#table={tid}&token={token}"


def display_url(base: str, tid: str) -> str:
    """The address of table ``tid``'s players' display on the service at ``base``."""
    return f"{base.rstrip('/')}/display/{tid}"


def matrix(text: str) -> list[list[bool]]:
    """The modules of ``text``'s QR code (True: dark), rows top to bottom, without the quiet zone."""
    import segno

    code = segno.make_qr(text, error=ERROR, boost_error=False)
    return [[bool(v) for v in row] for row in code.matrix]


def svg(text: str, module: int = 4) -> str:
    """``text``'s QR code as SVG, ``module`` pixels a module (scalable: a ``viewBox`` in modules)."""
    m = matrix(text)
    n = len(m) + 2 * QUIET
    runs = []
    for y, row in enumerate(m):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                runs.append(f"M{start + QUIET} {y + QUIET}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n} {n}" width="{n * module}" height="{n * module}"'
            f' shape-rendering="crispEdges"><rect width="{n}" height="{n}" fill="#fff"/>'
            f'<path fill="#000" d="{"".join(runs)}"/></svg>')


def seat_url(base: str, tid: str, token: str) -> str:
    """The address a seat's device opens for table ``tid`` with seat token ``token`` (the token
    after ``#``, as the dealer's: never sent in a request line).

    >>> seat_url("http://127.0.0.1:8000/", "0123abcd", "tok")
    'http://127.0.0.1:8000/seat/0123abcd#token=tok'
    """
    return f"{base.rstrip('/')}/seat/{tid}#token={token}"
