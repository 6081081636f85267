"""The toy race with printable pages (tests only): a page of the game and a page of a boat, each
made from the asking seat's view, so the route's and the command's seat secrecy can be checked
on a rule set that hides something (a seat's secret, seen by that seat alone)."""

from __future__ import annotations

from html import escape
from typing import Any, ClassVar

from grapeshot.core.capabilities import GamePage, PiecePage, Printables
from grapeshot.core.contract import HOST, PRINTABLES, VIEW, Capability
from grapeshot.core.game import Game
from grapeshot.core.ruleset import register
from tests.toy import NS, ToyRace


def card(game: Game, seat: str | None) -> str:
    """The race card: every boat's inches, and the asking seat's own secret where it has one."""
    seen = game.ruleset.view(game.state, seat)
    mine = f'<p class="secret">secret {seen["secret"]}</p>' if "secret" in seen else ""
    return f"<!doctype html><title>Race card</title><p>seen by {escape(seat or 'a spectator')}</p>{mine}"


def boat(game: Game, seat: str | None, piece: str) -> str:
    """One boat's card, with its secret only for the seat that owns it."""
    seen = game.ruleset.view(game.state, seat)
    if piece not in seen["boats"]:
        raise LookupError(f"no boat {piece!r}")
    mine = f'<p class="secret">secret {seen["secret"]}</p>' if piece == seat and "secret" in seen else ""
    return f"<!doctype html><title>Boat {escape(piece)}</title>{mine}"


class PrintedRace(ToyRace):
    name: ClassVar[str] = "printed"
    aliases: ClassVar[tuple[str, ...]] = ("toy-printed",)
    title: ClassVar[str] = "Toy race with printable pages (tests only)"
    offers: ClassVar[frozenset[Capability[Any]]] = frozenset({VIEW, HOST, PRINTABLES})

    @property
    def namespace(self) -> str:
        return NS  # the toy's own actions and prompts

    def printables(self) -> Printables:
        return Printables((GamePage("card", "race card", card), PiecePage("boat", "boat card", boat)))


PRINTED = register(PrintedRace())
