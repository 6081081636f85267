"""The printable pages' one route: ``/api/print/{page}``, for every rule set's pages of every subject.

A rule set's ``printables()`` names its pages, each of one subject (:mod:`grapeshot.core.printing`):
a game as it stands, one of its pieces, or a document.  The page's name says which, so the route
is one:

* ``GET /api/print/{page}?game=ID&token=T`` prints a page of the game (Wooden Ships' score
  sheets), ``&piece=NAME`` a page of one of its pieces (Jim Lad's roster of a ship).  The token is
  checked as every game route checks it (403 for one of another game) and the page is made as
  its seat may see the game (a spectator's link: as nobody's seat), so it shows nothing the link
  may not know;
* ``POST /api/print/{page}`` with ``{"ruleset", "document" | "document_yaml"}`` prints a page of a
  document (Naval Warhammer's fleet roster), checked first by its kind's own check: an illegal
  one is a 400 naming the rules it breaks.

The lobby lists what each rule set prints (``printables``, by subject) and the table's view the
pages it links for its game (``prints``: those of the game and of a piece), both from
:func:`~grapeshot.core.printing.pages_json`.  Nothing here names a
rule set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from pydantic import Field

from grapeshot.core.printing import DocumentPage, Page, page_of, print_document, print_game
from grapeshot.core.ruleset import Ruleset
from grapeshot.server import fleets
from grapeshot.server.params import Errors, GameQuery, PageName, PieceQuery, Token, ruleset_named
from grapeshot.server.requests import MAX_BODY, Body, read, schema_of
from grapeshot.server.tables import Denied

if TYPE_CHECKING:
    from grapeshot.server.live import Tables


class PrintBody(Body):
    """A document to print a page of: as data, or as a file's text."""

    ruleset: str = Field(min_length=1, max_length=40, description="the rule set, by name or alias")
    document: dict[str, Any] | None = Field(None, description="the document as data")
    document_yaml: str | None = Field(None, max_length=MAX_BODY, description="the document as a file's YAML text, instead")


def _words(err: LookupError) -> str:
    return str(err).strip("'\"")


def _page(rs: Ruleset, name: str) -> Page:
    try:
        return page_of(rs, name)
    except LookupError as err:  # a rule set that prints nothing, or no such page: 404 naming what it prints
        raise Denied(404, f"page: {_words(err)}", "page") from None


def add_print_routes(app: FastAPI, tables: Tables, errors: Errors) -> None:
    """The printable pages' route (``GET`` for a game's and a piece's, ``POST`` for a document's) on ``app``."""

    @app.get("/api/print/{page}", response_class=HTMLResponse, responses=errors)
    async def print_of_game(page: PageName, game: GameQuery, token: Token = None, piece: PieceQuery = None) -> HTMLResponse:
        """A printable page of a game as it stands, or of one of its pieces, as the token's seat may see it (HTML)."""
        live = await tables.open(game, token)
        seat = live.table.seat_of(token)
        found = _page(live.table.game.ruleset, page)
        if isinstance(found, DocumentPage):
            raise Denied(400, f"page: {page!r} is a page of a {found.kind} document: POST the document to print it", "page")
        async with live.lock:
            try:
                return HTMLResponse(print_game(found, live.table.game, seat, piece))
            except ValueError as err:
                raise Denied(422, str(err), "piece") from None
            except LookupError as err:
                raise Denied(404, f"piece: {_words(err)}", "piece") from None

    @app.post("/api/print/{page}", response_class=HTMLResponse, openapi_extra=schema_of(PrintBody), responses=errors)
    async def print_of_document(page: PageName, request: Request) -> HTMLResponse:
        """A printable page of a legal document (HTML); an illegal one is refused naming its rules."""
        req = await read(request, PrintBody)
        rs = ruleset_named(req.ruleset)
        found = _page(rs, page)
        if not isinstance(found, DocumentPage):
            raise Denied(400, f"page: {page!r} is a page of a {found.subject}: GET it with the game's id and token", "page")
        data = fleets.document(req.document, req.document_yaml, "document")
        try:
            return HTMLResponse(print_document(rs, found, data))
        except ValueError as err:
            raise Denied(400, f"document: {err}", "document") from None
