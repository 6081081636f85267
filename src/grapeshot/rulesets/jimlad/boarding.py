"""The boarding phase: boarding actions (JL-BOARD-*) and takeovers of drifting hulks (JL-KREW-6).

In turn sequence each seat, in its turn of the phase:

1. fights the next round of any boarding action of its ships still undecided
   (JL-BOARD-5), unless the other side's seat came first in the sequence and
   has fought it already;
2. may launch boarding actions (JL-BOARD-1): a ship that sailed under a
   manoeuvre card this turn throws its grapnels at an enemy hull within 6";
   if they hold, all its Orks cross over and the first round is fought at once;
3. may take over drifting hulks (JL-KREW-6).

The close combat is a compact version of the 40k assault (JL-BOARD-2/3/8;
the ruling is in docs/rulings.md): models strike in descending initiative,
the attackers with Furious Charge on the first round; the Kaptins fight each
other one on one while both live, the others as a mob.  The side that caused
fewer wounds tests its leadership (JL-BOARD-4); a draw or a passed test keeps
the ships locked for another round next turn, a failed test or a deck swept
clean loses the ship to the winner, krew, Kaptin and gold (JL-BOARD-6/7).

While a fight lasts both ships are *locked*: ``Ship.engaged`` names the other
ship (kannons, sluggas and grapeshot leave them alone, see :mod:`.kannon`) and
``Ship.held`` keeps them from moving next turn.  Each side's Orks stay listed
aboard their own ship while the two decks are lashed together.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, cast

from grapeshot.core.actions import Action, action
from grapeshot.core.choices import Choice, Choices
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.ruleset import Outcome
from grapeshot.dice import D6, TWO_D6, RollRequest, nd6
from grapeshot.geometry import hull_distance, hulls_within
from grapeshot.rulesets.jimlad import victory
from grapeshot.rulesets.jimlad.actions import Takeover
from grapeshot.rulesets.jimlad.basis import Basis, Term, explained, single, term
from grapeshot.rulesets.jimlad.data import MIN_WORKING_KREW, NS, PROFILE_RULE
from grapeshot.rulesets.jimlad.harbour import in_harbour
from grapeshot.rulesets.jimlad.krew import resolve_hit, take_over, takeover_options
from grapeshot.rulesets.jimlad.prompts import TakeoverPrompt
from grapeshot.rulesets.jimlad.state import Fight, KrewModel, Sea, Ship

Proc = Generator[Prompt, Any, Any]
Side = Literal["attacker", "defender"]
Arena = Literal["rumble", "mob"]
SIDES: tuple[Side, Side] = ("attacker", "defender")
ARENAS: tuple[Arena, Arena] = ("rumble", "mob")

BOARDING_RANGE = 6.0  # JL-BOARD-1: hull to hull, measured in the boarding phase
BOARDING_NEED = 3  # a D6 of 3+ within 6"
CLOSE_RANGE = 3.0
CLOSE_NEED = 2  # within 3" only a 1 fails
LOCKED = "locked in a boarding action"

#: the order in which a mob's models take hits: the boyz in front, then the Doc, the Kaptin last
_HIT_ORDER = {"krew": 0, "doc": 1, "kaptin": 2}


# --------------------------------------------------------------------------- the decision


@action("board", NS)
@dataclass(frozen=True, slots=True)
class Board(Action):
    """Throw grapnels from ``boarder`` onto the enemy ``target`` (JL-BOARD-1); both ``None`` passes."""

    boarder: str | None = None
    target: str | None = None


@dataclass(frozen=True, slots=True)
class BoardingOption:
    """A boarding action open to a seat: who boards whom, how far apart, the D6 score needed."""

    boarder: str
    target: str
    distance: float
    need: int


@dataclass(eq=False)
class BoardPrompt(Prompt):
    """JL-BOARD-1: a seat may launch a boarding action from one of its ships, or pass."""

    namespace: ClassVar[str] = NS

    options: list[BoardingOption] = field(default_factory=list)
    sea: Sea | None = None

    def pairs(self) -> list[tuple[str, str]]:
        return [(o.boarder, o.target) for o in self.options]

    def option(self, boarder: str, target: str) -> BoardingOption:
        return next(o for o in self.options if (o.boarder, o.target) == (boarder, target))

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Board)
        if action.boarder is None and action.target is None:
            return
        if (action.boarder, action.target) not in self.pairs():
            allowed = ", ".join(f"{b} -> {t}" for b, t in self.pairs())
            sea = self.sea
            why = "not among the boarding actions open to this seat now"
            if sea is not None and action.boarder in sea.ships and action.target in sea.ships:
                why = board_refused(sea, sea.ships[action.boarder], sea.ships[action.target]) or "each ship fights at most once a phase"
            raise IllegalAction(f"{action.boarder!r} cannot board {action.target!r} now ({why}); possible: {allowed}; or pass (boarder and target null)")

    def legal(self, seat: str) -> Choices:
        words = [Choice(Board(), "pass")]
        words += [
            Choice(Board(o.boarder, o.target), f'{o.boarder} boards {o.target} ({o.distance:.1f}" apart, grapnels hold on {o.need}+)') for o in self.options
        ]
        return Choices.of(words, "boarding")

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d["options"] = [{"boarder": o.boarder, "target": o.target, "distance": round(o.distance, 4), "need": o.need} for o in self.options]
        return d


def cannot_board(sea: Sea, ship: Ship) -> str | None:
    """Why a ship may not launch a boarding action now, or None if it may (JL-BOARD-1, JL-DMG-5)."""
    if not ship.afloat:
        return "sunk"
    if ship.sailed_turn != sea.turn:
        return "did not come alongside under a manoeuvre card this turn"
    if not ship.krewed:
        return "too few Orks aboard (JL-KREW-5)"
    if ship.in_force("shaken", sea.turn):
        return "krew shaken (JL-DMG-5)"
    if ship.engaged is not None:
        return LOCKED
    if ship.docked_at is not None:
        return f"docked at {ship.docked_at}"
    if ship.grounded_on is not None:
        return f"aground on {ship.grounded_on}"
    return None


def cannot_be_boarded(sea: Sea, ship: Ship) -> str | None:
    """Why a ship may not be boarded now, or None: already locked in a fight, or in harbour
    (JL-PORT-1; a ship landed at an island may be boarded)."""
    if not ship.afloat:
        return "sunk"
    if ship.engaged is not None:
        return LOCKED
    if in_harbour(sea, ship):
        return f"in harbour at {ship.docked_at} (JL-PORT-1)"
    return None


def boarding_need(distance: float) -> int | None:
    """JL-BOARD-1: the D6 score the grapnels need at this distance; None beyond 6"."""
    if distance <= CLOSE_RANGE + 1e-9:
        return CLOSE_NEED
    if distance <= BOARDING_RANGE + 1e-9:
        return BOARDING_NEED
    return None


def board_refused(sea: Sea, boarder: Ship, target: Ship) -> str | None:
    """Why ``boarder`` may not throw its grapnels onto ``target`` now, or None if it may
    (JL-BOARD-1, JL-DMG-5, JL-KREW-5, JL-PORT-1)."""
    why = cannot_board(sea, boarder)
    if why is not None:
        return f"{boarder.name} cannot board: {why}"
    if target.commander == boarder.commander:
        return f"{target.name} serves the same Kaptin"
    why = cannot_be_boarded(sea, target)
    if why is not None:
        return f"{target.name} cannot be boarded: {why}"
    if not hulls_within(boarder.hull, target.hull, BOARDING_RANGE + 1e-9) or boarding_need(hull_distance(boarder.hull, target.hull)) is None:
        return f"{target.name} is beyond the grapnels' {BOARDING_RANGE:g}\" (JL-BOARD-1)"
    return None


def boarding_options(sea: Sea, seat: str, done: set[str] | frozenset[str] = frozenset()) -> list[BoardingOption]:
    """The boarding actions a seat may launch now; ``done`` names ships that already fought or
    tried to board this phase (each ship fights at most once a phase)."""
    out: list[BoardingOption] = []
    for ship in sea.fleet(seat):
        if ship.name in done or cannot_board(sea, ship) is not None:
            continue
        for target in sea.enemies(ship):
            if target.name in done or board_refused(sea, ship, target) is not None:
                continue
            gap = hull_distance(ship.hull, target.hull)
            need = boarding_need(gap)
            assert need is not None
            out.append(BoardingOption(ship.name, target.name, gap, need))
    return out


# --------------------------------------------------------------------------- the phase


def boarding_phase(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    """In turn sequence: each seat's undecided fights go on, then it may board, then take over hulks."""
    done: set[str] = set()
    for fight in list(sea.fights):
        a, d = sea.ships[fight.attacker], sea.ships[fight.defender]
        if not (a.afloat and d.afloat):
            break_off(g, sea, fight, "one of the ships has gone down")
        elif a.commander == d.commander:
            break_off(g, sea, fight, "both ships now serve the same Kaptin")
    for seat in sea.order:
        for fight in [f for f in sea.fights if first_seat(sea, f) == seat and f.attacker not in done]:
            done.update((fight.attacker, fight.defender))
            outcome = yield from fight_round(g, sea, fight)
            if outcome is not None:
                return outcome
        while True:
            options = boarding_options(sea, seat, done)
            if not options:
                break
            answer = yield BoardPrompt(
                seats=(seat,), rule="JL-BOARD-1", text="launch a boarding action (grapnels away!) or pass?", accepts=(Board,), options=options, sea=sea
            )
            choice = cast(Board, answer)
            if choice.boarder is None or choice.target is None:
                break
            outcome = yield from attempt(g, sea, next(o for o in options if (o.boarder, o.target) == (choice.boarder, choice.target)), done)
            if outcome is not None:
                return outcome
        while True:
            hulks = [o for o in takeover_options(sea, seat) if sea.ships[o[0]].engaged is None and sea.ships[o[1]].engaged is None]
            if not hulks:
                break
            answer = yield TakeoverPrompt(seats=(seat,), rule="JL-KREW-6", text="send krew to take over a drifting hulk?", accepts=(Takeover,), options=hulks)
            take = cast(Takeover, answer)
            if take.hulk is None or take.crew_from is None:
                break
            take_over(g, sea, sea.ships[take.hulk], sea.ships[take.crew_from])
            outcome = victory.check(g, sea)
            if outcome is not None:
                return outcome
    return None


def first_seat(sea: Sea, fight: Fight) -> str | None:
    """JL-BOARD-5: a continuing fight is fought in the turn of whichever of its two seats comes
    first in this turn's sequence."""
    seats = {sea.ships[fight.attacker].commander, sea.ships[fight.defender].commander}
    return next((s for s in sea.order if s in seats), None)


def attempt(g: Game, sea: Sea, option: BoardingOption, done: set[str]) -> Generator[Prompt, Any, Outcome | None]:
    """JL-BOARD-1: the grapnels need 3+ (2+ within 3"); if they hold, the first round is fought."""
    boarder, target = sea.ships[option.boarder], sea.ships[option.target]
    done.add(boarder.name)
    r = yield from g.roll(RollRequest(D6, f"{boarder.name}: grapnels onto {target.name}", "JL-BOARD-1", boarder.commander, boarder.name, "high"))
    success = r.total >= option.need
    g.emit(
        "boarding",
        "JL-BOARD-1",
        boarder=boarder.name,
        target=target.name,
        seat=boarder.commander,
        distance=round(option.distance, 4),
        need=option.need,
        roll=r.total,
        success=success,
        **explained(
            g,
            {
                "need": single(
                    "JL-BOARD-1",
                    f'grapnels within {CLOSE_RANGE:g}" fail only on a 1' if option.need == CLOSE_NEED else f'grapnels within {BOARDING_RANGE:g}" hold on a 3+',
                    option.need,
                )
            },
        ),
    )
    if not success:
        return None
    done.add(target.name)
    fight = Fight(boarder.name, target.name, sea.turn)
    sea.fights.append(fight)
    boarder.engaged, target.engaged = target.name, boarder.name
    return (yield from fight_round(g, sea, fight))


# --------------------------------------------------------------------------- close combat


@dataclass(frozen=True, slots=True)
class Blows:
    """What one Ork brings to a round of close combat (JL-BOARD-2, JL-BOARD-8)."""

    initiative: int
    attacks: int
    strength: int
    ws: int


def blows_basis(models: list[KrewModel], charging: bool, need: int | None, ws: int, enemy_ws: int | None) -> Basis:
    """The rules behind a group's blows (for the log): each model's attacks and strength from its
    profile (JL-KREW-2, JL-KREW-3), the slugga as a second hand weapon (JL-SHOOT-5), the 'Uge
    Choppa (JL-KREW-2), the charge and Furious Charge (JL-BOARD-2), and the to-hit chart (JL-BOARD-8)."""
    attacks: list[Term] = []
    for role in ("kaptin", "doc", "krew"):
        mine = [m for m in models if m.role == role]
        if not mine:
            continue
        p = mine[0].profile
        n = len(mine)
        attacks.append(term(PROFILE_RULE[role], f"{n} x {p.title}: A{p.a}", n * p.a))
        if p.weapon_bonus == 0:
            attacks.append(term("JL-SHOOT-5", f"{n} x a slugga as a second hand weapon: +1", n))
        if charging:
            attacks.append(term("JL-BOARD-2", f"{n} x charging: +1", n))
    p = models[0].profile
    strength = [term(PROFILE_RULE[models[0].role], f"the {p.title}'s S", p.s)]
    if p.weapon_bonus:
        strength.append(term("JL-KREW-2", "'Uge Choppa: +1 S, two-handed", p.weapon_bonus))
    if charging:
        strength.append(term("JL-BOARD-2", "Furious Charge: +1 S", 1))
    initiative = [term(PROFILE_RULE[models[0].role], f"the {p.title}'s I", p.i)]
    if charging:
        initiative.append(term("JL-BOARD-2", "Furious Charge: +1 I", 1))
    out: Basis = {"attacks": attacks, "strength": strength, "initiative": initiative}
    if need is not None and enemy_ws is not None:
        out["need"] = single("JL-BOARD-8", f"WS{ws} against WS{enemy_ws} on the close-combat chart", need)
    return out


def blows(model: KrewModel, charging: bool) -> Blows:
    """A model's initiative, attacks, strength and WS this round.

    A slugga beside a choppa is a second hand weapon: +1 attack; the Kaptin's
    'Uge Choppa takes both hands: +1 S and no extra attack.  Charging
    (the boarders' first round): +1 attack, and Furious Charge +1 S, +1 I.
    """
    p = model.profile
    two_handed = p.weapon_bonus > 0
    bonus = 1 if charging else 0
    return Blows(p.i + bonus, p.a + (0 if two_handed else 1) + bonus, p.s + p.weapon_bonus + bonus, p.ws)


def to_hit(ws: int, enemy_ws: int) -> int:
    """The 40k close-combat chart: 3+ against a lower WS, 5+ against one more than double, else 4+."""
    if ws > enemy_ws:
        return 3
    if enemy_ws > 2 * ws:
        return 5
    return 4


@dataclass
class Tally:
    """One side's blows in a round."""

    attacks: int = 0
    hits: int = 0
    wounding: int = 0  # hits that wounded on the roll
    saved: int = 0  # of those, stopped by the enemy's armour
    fnp: int = 0  # of those, shrugged off by the enemy's Feel No Pain
    caused: int = 0  # wounds suffered by the enemy: what counts for the result (JL-BOARD-4)
    killed: list[str] = field(default_factory=list)  # enemy models slain, by role

    def to_json(self) -> dict[str, Any]:
        return {
            "attacks": self.attacks,
            "hits": self.hits,
            "wounding": self.wounding,
            "saved": self.saved,
            "fnp": self.fnp,
            "caused": self.caused,
            "killed": list(self.killed),
        }


def _alive(ship: Ship, model: KrewModel) -> bool:
    return any(k is model for k in ship.krew)


def _mob_order(models: list[KrewModel]) -> list[KrewModel]:
    return sorted(models, key=lambda k: _HIT_ORDER[k.role])


def fight_round(g: Game, sea: Sea, fight: Fight) -> Generator[Prompt, Any, Outcome | None]:
    """One round of the boarding melee (JL-BOARD-2/3/8), then its result (JL-BOARD-4..7).

    Initiative steps run from the highest down; models striking at the same
    step strike together (each side's blows are counted before any of them
    land).  Kaptin against Kaptin while both stand at the start of the round;
    everyone else in the mob.  Hits on a mob fall one to a model before any
    takes a second, boyz first, then the Doc, the Kaptin last.
    """
    ships: dict[Side, Ship] = {"attacker": sea.ships[fight.attacker], "defender": sea.ships[fight.defender]}
    fight.rounds += 1
    charge = fight.rounds == 1
    if not ships["attacker"].krew or not ships["defender"].krew:
        return (yield from result(g, sea, fight, {"attacker": 0, "defender": 0}))
    kaptins: dict[Side, KrewModel | None] = {s: ships[s].kaptin for s in ships}
    rumble = kaptins["attacker"] is not None and kaptins["defender"] is not None
    fighters: list[tuple[Side, Arena, KrewModel, Blows]] = []
    for side, ship in ships.items():
        for model in ship.krew:
            arena: Arena = "rumble" if rumble and model is kaptins[side] else "mob"
            fighters.append((side, arena, model, blows(model, charge and side == "attacker")))
    tallies: dict[Side, Tally] = {"attacker": Tally(), "defender": Tally()}
    duel: dict[Side, Tally] = {"attacker": Tally(), "defender": Tally()}
    steps: list[dict[str, Any]] = []
    for initiative in sorted({b.initiative for *_, b in fighters}, reverse=True):
        striking = [(side, arena, m, b) for side, arena, m, b in fighters if b.initiative == initiative and _alive(ships[side], m)]
        if not striking:
            continue
        strikes: list[dict[str, Any]] = []
        for side in SIDES:
            enemy: Side = "defender" if side == "attacker" else "attacker"
            for arena in ARENAS:
                groups: dict[tuple[int, int], list[KrewModel]] = {}
                attacks: dict[tuple[int, int], int] = {}
                for s, ar, m, b in striking:
                    if s == side and ar == arena:
                        key = (b.strength, b.ws)
                        groups.setdefault(key, []).append(m)
                        attacks[key] = attacks.get(key, 0) + b.attacks
                for key in sorted(groups, key=lambda k: (-k[0], -k[1])):
                    strength, ws = key
                    entry = yield from strike(
                        g,
                        sea,
                        ships[side],
                        ships[enemy],
                        groups[key],
                        attacks[key],
                        strength,
                        ws,
                        targets(ships[enemy], kaptins[enemy], arena, rumble),
                        tallies[side],
                        duel[side] if arena == "rumble" else None,
                        charging=charge and side == "attacker",
                    )
                    entry.update(side=side, fight=arena)
                    strikes.append(entry)
        steps.append({"initiative": initiative, "strikes": strikes})
        if not ships["attacker"].krew or not ships["defender"].krew:
            break
    if g.logging:
        g.emit(
            "melee",
            "JL-BOARD-2",
            attacker=fight.attacker,
            defender=fight.defender,
            round=fight.rounds,
            charge=charge,
            sides={s: {"ship": ships[s].name, **tallies[s].to_json(), "left": len(ships[s].krew)} for s in ships},
            rumble=None
            if not rumble
            else {s: {**{k: v for k, v in duel[s].to_json().items() if k in ("attacks", "hits", "caused")}, "wounds_left": _wounds(ships[s])} for s in ships},
            steps=steps,
            procedure_rule="JL-BOARD-8",
        )
    return (yield from result(g, sea, fight, {s: tallies[s].caused for s in ships}))


def _wounds(ship: Ship) -> int:
    k = ship.kaptin
    return 0 if k is None else k.wounds


def targets(enemy: Ship, kaptin: KrewModel | None, arena: Arena, rumble: bool) -> list[KrewModel]:
    """Whom a group's hits may fall on, in the order they take them.

    The rumble: the enemy Kaptin, or the enemy mob once he is down.  The mob:
    the enemy mob (his Kaptin among them, last, when there is no rumble), or
    the enemy Kaptin himself once nobody else is left to stand in front of him.
    """
    alive_kaptin = [kaptin] if kaptin is not None and _alive(enemy, kaptin) else []
    others = _mob_order([k for k in enemy.krew if not (rumble and k is kaptin)])
    if arena == "rumble":
        return alive_kaptin or others
    return others or alive_kaptin


def strike(
    g: Game,
    sea: Sea,
    ship: Ship,
    enemy: Ship,
    models: list[KrewModel],
    attacks: int,
    strength: int,
    ws: int,
    order: list[KrewModel],
    tally: Tally,
    duel: Tally | None,
    *,
    charging: bool = False,
) -> Generator[Prompt, Any, dict[str, Any]]:
    """One group of strikers (same strength and WS) rolls to hit; each hit is wounded, saved and
    Feel-No-Pained on its own (S against T, choppas have no AP)."""
    entry: dict[str, Any] = {"ship": ship.name, "models": [m.role for m in models], "attacks": attacks, "strength": strength}
    alive = [k for k in order if _alive(enemy, k)]
    if not alive:
        entry.update(need=None, hits=0, caused=0, **explained(g, blows_basis(models, charging, None, ws, None)))
        return entry
    enemy_ws = max(k.profile.ws for k in alive)
    need = to_hit(ws, enemy_ws)
    who = "the Kaptin" if duel is not None else ", ".join(sorted({m.profile.title for m in models}))
    r = yield from g.roll(RollRequest(nd6(attacks), f"{ship.name}: {who} strike at {enemy.name}'s krew", "JL-BOARD-3", ship.commander, ship.name, "high"))
    hits = sum(1 for f in r.faces if f >= need)
    caused = 0
    taken: dict[int, int] = {}
    cause = f"{ship.name}'s {'Kaptin' if duel is not None else 'boarding mob'}"
    for _ in range(hits):
        live = [k for k in order if _alive(enemy, k)]
        if not live:
            break
        model = min(live, key=lambda k: taken.get(id(k), 0))  # the first of the least hit
        taken[id(model)] = taken.get(id(model), 0) + 1
        res = yield from resolve_hit(
            g,
            sea,
            enemy,
            model,
            strength,
            None,
            by_seat=ship.commander,
            by_actor=ship.name,
            cause=cause,
            rule="JL-BOARD-3",
            strength_basis=blows_basis(models, charging, None, ws, None)["strength"] if g.logging else None,
        )
        tally.wounding += res.wounding
        tally.saved += res.saved
        tally.fnp += res.shrugged
        caused += res.wounded
        if res.killed:
            tally.killed.append(model.role)
    tally.attacks += attacks
    tally.hits += hits
    tally.caused += caused
    if duel is not None:
        duel.attacks += attacks
        duel.hits += hits
        duel.caused += caused
    entry.update(need=need, hits=hits, caused=caused, **explained(g, blows_basis(models, charging, need, ws, enemy_ws)))
    return entry


# --------------------------------------------------------------------------- the result


def result(g: Game, sea: Sea, fight: Fight, caused: dict[Side, int]) -> Generator[Prompt, Any, Outcome | None]:
    """JL-BOARD-4: fewer wounds caused loses and tests leadership (best Ld aboard, less the
    difference, on 2D6); a fail, or no Orks left, is defeat; a pass or a draw fights on next turn."""
    a, d = sea.ships[fight.attacker], sea.ships[fight.defender]
    data: dict[str, Any] = {"attacker": a.name, "defender": d.name, "round": fight.rounds, "wounds": dict(caused)}
    loser: Ship | None = None
    if not a.krew and not d.krew:
        data.update(result="both-wiped-out", loser=None, winner=None)
        g.emit("combat-result", "JL-BOARD-4", **data)
        break_off(g, sea, fight, "no Orks are left on either side")
        return None
    if not a.krew or not d.krew:
        loser = a if not a.krew else d
        data.update(result="wiped-out")
    elif caused["attacker"] == caused["defender"]:
        data.update(result="draw", loser=None, winner=None)
    else:
        loser = a if caused["attacker"] < caused["defender"] else d
        diff = abs(caused["attacker"] - caused["defender"])
        leader = max(loser.krew, key=lambda k: (k.profile.ld, k.role == "kaptin"))
        ld = leader.profile.ld
        r = yield from g.roll(RollRequest(TWO_D6, f"{loser.name}: leadership test after losing the melee", "JL-BOARD-4", loser.commander, loser.name, "low"))
        passed = r.total <= ld - diff
        data.update(ld=ld, difference=diff, need=ld - diff, roll=r.total, passed=passed, result="held" if passed else "beaten")
        data.update(
            explained(
                g,
                {
                    "ld": single(PROFILE_RULE[leader.role], f"the best Ld aboard: the {leader.profile.title}'s", ld),
                    "need": [
                        term("JL-BOARD-4", "the losing side tests its leadership on 2D6", ld),
                        term("JL-BOARD-8", "less the difference in wounds caused (combat resolution, ruling)", -diff),
                    ],
                },
            )
        )
        if passed:
            loser = None
            data.update(loser=a.name if caused["attacker"] < caused["defender"] else d.name, winner=None)
    if loser is None:
        data["locked"] = True
        g.emit("combat-result", "JL-BOARD-4", **data)
        lock(sea, fight)
        return None
    winner = d if loser is a else a
    data.update(loser=loser.name, winner=winner.name, locked=False)
    g.emit("combat-result", "JL-BOARD-4", **data)
    end(sea, fight)
    capture(g, sea, loser, winner, boarder_lost=loser is a)
    return victory.check(g, sea)


def lock(sea: Sea, fight: Fight) -> None:
    """JL-BOARD-5: undecided, the ships stay grappled: neither moves next turn (nor shoots, being engaged)."""
    for name in (fight.attacker, fight.defender):
        ship = sea.ships[name]
        if ship.held_this(sea.turn + 1) is None:
            ship.held = (sea.turn + 1, LOCKED)


def end(sea: Sea, fight: Fight) -> None:
    """The fight is over: the ships are free again."""
    if fight in sea.fights:
        sea.fights.remove(fight)
    for name in (fight.attacker, fight.defender):
        ship = sea.ships[name]
        ship.engaged = None
        if ship.held is not None and ship.held[1] == LOCKED and ship.held[0] > sea.turn:
            ship.held = None


def break_off(g: Game, sea: Sea, fight: Fight, why: str) -> None:
    """A fight that ends undecided (a ship sank, both decks are empty): the survivors are freed."""
    end(sea, fight)
    g.emit("boarding-ends", "JL-BOARD-5", attacker=fight.attacker, defender=fight.defender, why=why)


def release_sunk(g: Game, sea: Sea, ship: Ship) -> None:
    """A ship locked in a boarding action has sunk: the fight ends and the other ship is free."""
    for fight in [f for f in sea.fights if ship.name in (f.attacker, f.defender)]:
        break_off(g, sea, fight, f"{ship.name} has gone down")
    ship.engaged = None


# --------------------------------------------------------------------------- capture


def capture(g: Game, sea: Sea, loser: Ship, winner: Ship, *, boarder_lost: bool) -> None:
    """JL-BOARD-6/7: the loser's ship, with its surviving krew and Kaptin, passes to the winner's
    seat; the Orks are shared so both ships are worked if there are enough; the gold aboard the
    captured ship goes to the winner's ship."""
    was = loser.commander
    loser.commander = winner.commander
    moved = place_krew(loser, winner)
    g.emit(
        "capture",
        "JL-BOARD-6",
        ship=loser.name,
        by=winner.name,
        seat=winner.commander,
        was=was,
        boarder_lost=boarder_lost,
        krew=[k.role for k in loser.krew],
        winner_krew=[k.role for k in winner.krew],
        moved=moved,
    )
    gold = loser.gold
    loser.gold = 0
    winner.gold += gold
    g.emit("plunder", "JL-BOARD-7", ship=loser.name, to=winner.name, gold=gold, total=winner.gold)


def place_krew(captured: Ship, winner: Ship) -> list[dict[str, str]]:
    """Where the Orks stand after a capture (JL-BOARD-8 ruling).

    Each ship keeps its own survivors; a ship short of two Orks takes boyz
    (then the Doc; never a Kaptin) from the other as long as that one keeps
    two; if both are short, the winner's own ship is manned first.
    """
    moved: list[dict[str, str]] = []

    def shift(src: Ship, dst: Ship, keep: int) -> None:
        for k in _mob_order([k for k in src.krew if k.role != "kaptin"]):
            if len(dst.krew) >= MIN_WORKING_KREW or len(src.krew) <= keep:
                return
            src.krew.remove(k)
            dst.krew.append(k)
            moved.append({"model": k.role, "from": src.name, "to": dst.name})

    shift(winner, captured, MIN_WORKING_KREW)
    shift(captured, winner, MIN_WORKING_KREW)
    if not winner.krewed and not captured.krewed:
        shift(captured, winner, 0)
    return moved
