"""Printable pages (the ``printables()`` capability): what a rule set prints for playing at a real
table beside the web one, each page of one subject: a game as it stands (score sheets), one of
its pieces (a ship's roster), or a document (a fleet file's roster).

One record for all of them, so the generic parts have one way to list them (the lobby's
``printables``, the table's ``prints``), one route to serve them and one command to print them.
A page of a game is made as one seat may see it, so it shows nothing that seat may not know.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal

if TYPE_CHECKING:
    from grapeshot.core.game import Game
    from grapeshot.core.ruleset import Ruleset


#: what a printable page is of: a game as it stands, one of a game's pieces, or a document (a fleet file)
Subject = Literal["game", "piece", "document"]
SUBJECTS: tuple[Subject, ...] = ("game", "piece", "document")


@dataclass(frozen=True)
class GamePage:
    """A printable page of a whole game as it stands (score sheets for every piece, with the
    tracks to cross off at a real table), made as ``seat`` may see the game (``None``: a
    spectator): the page must show nothing that seat's view hides.  A new game gives blank ones."""

    name: str
    title: str
    render: Callable[[Game, str | None], str]
    subject: ClassVar[Subject] = "game"


@dataclass(frozen=True)
class PiecePage:
    """A printable page of one of a game's pieces (a ship's roster), by the piece's name, as
    ``seat`` may see it; ``render`` raises ``LookupError`` for a piece the game does not have."""

    name: str
    title: str
    render: Callable[[Game, str | None, str], str]
    subject: ClassVar[Subject] = "piece"


@dataclass(frozen=True)
class DocumentPage:
    """A printable page of a document of the rule set's kind ``kind`` (a fleet file's roster),
    made from the document's data; ``render`` raises ``ValueError`` for data that does not pass
    that kind's check (the callers check first, to name the rule broken)."""

    name: str
    title: str
    kind: str
    render: Callable[[object], str]
    subject: ClassVar[Subject] = "document"


Page = GamePage | PiecePage | DocumentPage


@dataclass(frozen=True)
class Printables:
    """Every page a rule set prints, each of one subject (:data:`Subject`), each by a name of its
    own: one page (``GET /api/print/{page}`` for a game's and a piece's, ``POST`` for a
    document's) and one command (``grapeshot print PAGE ...``) serve them all, and the subject
    follows from the page's name, so the names are unique across the subjects."""

    pages: tuple[Page, ...]

    def __post_init__(self) -> None:
        names = [p.name for p in self.pages]
        if not names or len(set(names)) != len(names):
            raise ValueError(f"printables: pages each of a name of its own, at least one; got {names}")

    def of(self, subject: Subject) -> tuple[Page, ...]:
        return tuple(p for p in self.pages if p.subject == subject)

    def find(self, name: str, who: str) -> Page:
        """The page ``name``; ``LookupError`` naming the pages there are where there is no such page."""
        for p in self.pages:
            if p.name == name:
                return p
        raise LookupError(f"the rule set {who!r} prints no page {name[:40]!r}; it prints {self.said()}")

    def said(self) -> str:
        """Every page in words, with its subject: "sheets (of a game), roster (of a piece)"."""
        return ", ".join(f"{p.name} (of a {p.subject})" for p in self.pages)

    def to_json(self, subjects: tuple[Subject, ...] = SUBJECTS) -> dict[str, list[dict[str, str]]]:
        """The pages of these subjects, by subject, each its name and title (and a document's kind)."""
        return {s: [{"name": p.name, "title": p.title, **({"kind": p.kind} if isinstance(p, DocumentPage) else {})} for p in self.of(s)] for s in subjects}


class IllegalDocument(ValueError):
    """A document that does not pass its kind's check, so no page is printed of it."""


def pages_json(rs: Ruleset, subjects: tuple[Subject, ...] = SUBJECTS) -> dict[str, list[dict[str, str]]]:
    """What the rule set prints of these subjects, by subject (empty lists where it prints none):
    the lobby's ``printables`` (every subject) and a table's ``prints`` (a game's and a piece's)."""
    from grapeshot.core.contract import PRINTABLES

    printables: Printables | None = rs.offer(PRINTABLES)
    return printables.to_json(subjects) if printables is not None else {s: [] for s in subjects}


#: the subjects of the pages a table links for its game (a document's are the lobby builder's)
OF_A_GAME: tuple[Subject, ...] = ("game", "piece")


def page_of(rs: Ruleset, name: str) -> Page:
    """The rule set's page ``name``: ``LookupError`` (a :class:`~.capabilities.Lacking` for a rule
    set that prints nothing) naming what it prints, where it has no such page."""
    from grapeshot.core.contract import PRINTABLES

    printables: Printables = rs.need(PRINTABLES)
    return printables.find(name, rs.name)


def print_game(page: GamePage | PiecePage, game: Game, seat: str | None, piece: str | None) -> str:
    """A page of the game, or of its piece ``piece``, as ``seat`` may see it: ``ValueError`` for a
    piece named to a page of the whole game or none to a page of a piece, ``LookupError`` for a
    piece the game does not have."""
    if isinstance(page, PiecePage):
        if piece is None:
            raise ValueError(f"piece: the page {page.name!r} is of one piece: name it")
        return page.render(game, seat, piece)
    if piece is not None:
        raise ValueError(f"piece: the page {page.name!r} is of the whole game, not of a piece")
    return page.render(game, seat)


def print_document(rs: Ruleset, page: DocumentPage, data: object) -> str:
    """A page of a document's data, checked first by its kind's own check: :class:`IllegalDocument`
    naming the rules an illegal document breaks (a page is printed only of a legal one)."""
    from grapeshot.core.contract import DOCUMENTS

    for kind in rs.offer(DOCUMENTS) or ():
        if kind.name == page.kind:
            checked = kind.check(data)
            if not checked.legal:
                raise IllegalDocument(f"not a legal {page.kind}, so no {page.title}: {checked.said()}")
    return page.render(data)
