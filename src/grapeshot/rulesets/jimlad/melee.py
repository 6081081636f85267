"""The boarding melee, round by round (JL-BOARD-2, JL-BOARD-3, JL-BOARD-8): who strikes when,
with how many blows, at whom.

The close combat is a compact version of the 40k assault (the ruling is in docs/rulings.md):
models strike in descending initiative, the attackers with Furious Charge on the first round;
the Kaptins fight each other one on one while both live, the others as a mob.  Each side's
wounds are counted, and the round's result is :func:`.melee_result.result`.  It is a room of its
own because it is the one place where single Orks fight: the rest of the game moves whole ships.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any, Literal

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.ruleset import Outcome
from grapeshot.dice import RollRequest, nd6
from grapeshot.rulesets.jimlad.basis import Basis, Term, explained, single, term
from grapeshot.rulesets.jimlad.data import PROFILE_RULE
from grapeshot.rulesets.jimlad.krew import resolve_hit
from grapeshot.rulesets.jimlad.melee_result import Side, mob_order, result
from grapeshot.rulesets.jimlad.state import Fight, KrewModel, Sea, Ship

Arena = Literal["rumble", "mob"]
SIDES: tuple[Side, Side] = ("attacker", "defender")
ARENAS: tuple[Arena, Arena] = ("rumble", "mob")


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
    others = mob_order([k for k in enemy.krew if not (rumble and k is kaptin)])
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
