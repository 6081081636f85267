"""Animals (WS-ANIMAL-1..5, 7): a side's monkeys, caged carnivorous monkeys, parrots, falcons and
ridden sea dragons, and the wild creatures (sharks, crocodiles, an unridden dragon, a monkey let
out of its cage), with the rules that move the wild ones.

Their profiles are :data:`.data.ANIMALS`. Rulings (docs/rulings.md):

* **Monkeys** (WS-ANIMAL-1) are figures of their side that go 8" and fight only with the
  hand-to-hand weapons they carry or pick up, at -1 to hit; 1 life point.  They shoot nothing,
  serve no gun, sail no ship, throw no grapple.  Animals are no crew: they do not count among a
  side's figures (WS-FIG-1), nor keep it standing (the victory ruling).
* **Carnivorous monkeys** (WS-ANIMAL-2) start in their cages (``caged``); a person of their side
  next to the cage (1") may let one out as its action.  Once out it is wild: it goes for the
  nearest person it sees (any side's) and bites twice, each bite 5-6 at -1 (so a 6), 1 damage.
* **Parrots** (WS-ANIMAL-3) fly 16" over anything; a parrot's attack harms no one but holds the
  figure it touches: while the parrot stays in contact the figure can neither move nor load
  (a gun or its own weapon).  **Falcons** (WS-ANIMAL-4) fly and hold as parrots, and a falcon
  attacking a parrot kills it on 4-6.
* **Sea dragons** (WS-ANIMAL-5, the profile a ruling): 6 life points, a base 3" across, 12" in
  the water and nowhere else; one action of three attacks of 1 point on one target in contact,
  claws 5-6, claws 5-6 and teeth 4-6, against figures, ships and (when they come) forts; or the
  claws and, instead of the teeth, fiery breath at a target within 4", hitting on a 6.  A dragon
  with a rider (``ridden``, the rider part of the model) is its side's to direct; without one it
  is wild and attacks what the rules say.
* **Sharks and crocodiles** (WS-ANIMAL-7; 2 life points, a ruling): wild; sharks swim 16",
  crocodiles 10" in the water and 6" ashore.  They attack only a person in the water, and take
  him on a 1 (killed, as the sharks of WS-FIG-5).
* **Wild creatures** belong to no side: after every side has had its turn, each in name order
  takes a turn of its own, moved by the rules (option ``wild_animals: rules``: it makes for the
  nearest prey it could attack, as near as its move allows, and attacks it if it can) or by the
  scenario's referee seat (``referee``), who answers the same move and action prompts.  Killing
  one scores nothing; what they kill scores for no side.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from typing import Any, Literal

from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import Base, Obstruction, Surface, Vec, base_gap, free_move, hull_gap
from grapeshot.rulesets.woodenships import fire
from grapeshot.rulesets.woodenships.actions import Act, Move, SurfaceName
from grapeshot.rulesets.woodenships.checks import Mod, attempt
from grapeshot.rulesets.woodenships.data import CONTACT, GUN_RADIUS, NEXT_TO, WILD, Animal, Bite
from grapeshot.rulesets.woodenships.figures import Plan, Spaces, check, reach_of
from grapeshot.rulesets.woodenships.pieces import Figure, Gun, Ship
from grapeshot.rulesets.woodenships.places import sees
from grapeshot.rulesets.woodenships.ships import damage as damage_ship
from grapeshot.rulesets.woodenships.state import Shore
from grapeshot.rulesets.woodenships.wounds import kill, wound

#: the rule of each animal's kind
RULES = {
    "monkey": "WS-ANIMAL-1",
    "carnivorous-monkey": "WS-ANIMAL-2",
    "parrot": "WS-ANIMAL-3",
    "falcon": "WS-ANIMAL-4",
    "sea-dragon": "WS-ANIMAL-5",
    "shark": "WS-ANIMAL-7",
    "crocodile": "WS-ANIMAL-7",
}
AnimalAct = Literal["bite", "breath", "harry"]
#: the actions animals take (a person's opening of a cage is ``release``)
ANIMAL_ACTS: tuple[AnimalAct, ...] = ("bite", "breath", "harry")
#: the actions each animal may take (people take none of these but ``release``)
ALLOWED = {
    "monkey": ("none", "strike"),
    "carnivorous-monkey": ("none", "bite"),
    "parrot": ("none", "harry"),
    "falcon": ("none", "harry"),
    "sea-dragon": ("none", "bite", "breath"),
    "shark": ("none", "bite"),
    "crocodile": ("none", "bite"),
}

Target = Figure | Ship


def _profile(figure: Figure) -> Animal:
    p = figure.profile
    assert p is not None
    return p


def is_prey(shore: Shore, animal: Figure, other: Figure) -> bool:
    """Whether an animal may attack this figure: a living enemy (for a wild creature, any
    person); sharks and crocodiles a person in the water only; a parrot is a falcon's prey too."""
    if not other.alive or other is animal or other.caged:
        return False
    p = _profile(animal)
    if animal.wild:
        if other.animal:
            return False
    elif other.side == animal.side:
        return False
    if p.prey == "swimmer":
        return other.swimming and not other.animal
    if p.harries:
        return not other.flies or (p.kills_parrot is not None and other.kind == "parrot")
    return True


def touching(shore: Shore, a: Figure, b: Figure) -> bool:
    """Base to base, whatever each stands on (an animal's attack reaches across the rail)."""
    return base_gap(shore.base(a), shore.base(b)) <= CONTACT + 1e-9


def _ship_touching(shore: Shore, animal: Figure, ship: Ship) -> bool:
    return ship.afloat and hull_gap(shore.base(animal), ship.hull) <= CONTACT + 1e-9


def _target(shore: Shore, name: str | None) -> Target | Gun | None:
    if name is None:
        return None
    return shore.figures.get(name) or shore.ships.get(name) or shore.guns.get(name)


def attack_refused(shore: Shore, animal: Figure, what: str, target: str | None) -> str | None:
    """Why an animal may not make this attack (``bite``, ``breath`` or ``harry``) now."""
    p = animal.profile
    if p is None:
        return f"{animal.name} is no animal: only animals {what}"
    if what not in ALLOWED[p.kind]:
        return f"a {p.title} does not {what} (it may: {', '.join(ALLOWED[p.kind])})"
    t = _target(shore, target)
    if isinstance(t, Gun):
        if what != "breath" or not t.working or not shore.ships[t.ship].afloat or shore.ships[t.ship].side == animal.side:
            return f"{t.name} is no enemy gun the breath can reach"
        q = shore.gun_point(t)
        me = shore.base(animal)
        gap = max(0.0, math.hypot(q.x - me.x, q.y - me.y) - me.radius - GUN_RADIUS)
    elif isinstance(t, Ship):
        if not p.hits_ships:
            return f"a {p.title} cannot harm a ship"
        if t.side == animal.side:
            return f"{t.name} is of {animal.side}'s own side"
        if what == "breath":
            gap = max(0.0, hull_gap(shore.base(animal), t.hull))
        elif not _ship_touching(shore, animal, t):
            return f"{animal.name} is not against {t.name}'s side"
        else:
            gap = 0.0
    elif isinstance(t, Figure):
        if not is_prey(shore, animal, t):
            return f"{t.name} is not prey a {p.title} attacks"
        gap = max(0.0, base_gap(shore.base(animal), shore.base(t)))
        if what != "breath" and gap > CONTACT + 1e-9:
            return f"{animal.name} is not base to base with {t.name}"
    else:
        return f"{target!r} is no figure or ship"
    if what == "breath":
        assert p.breath is not None
        if gap > p.breath.reach + 1e-9:
            return f'{t.name} is {gap:.2f}" away: the breath reaches {p.breath.reach:g}"'
    return None


def release_refused(shore: Shore, figure: Figure, target: str | None) -> str | None:
    """Why a figure may not let a carnivorous monkey out of its cage (WS-ANIMAL-2)."""
    if figure.animal:
        return "only a person opens a cage"
    monkey = shore.figures.get(target or "")
    if monkey is None or not monkey.alive or not monkey.caged:
        return f"{target!r} is no caged beast"
    if monkey.side != figure.side:
        return f"{monkey.name}'s cage is {monkey.side}'s to open"
    if base_gap(shore.base(figure), shore.base(monkey)) > NEXT_TO + 1e-9:
        return f"{figure.name} is not next to {monkey.name}'s cage"
    return None


def act_refused(shore: Shore, figure: Figure, act: Act) -> str | None:
    """The animals' part of the action check: an animal takes only its own actions, a person
    none of an animal's (None: leave the rest to the general check)."""
    if figure.animal:
        allowed = ALLOWED[figure.kind]
        if act.what not in allowed:
            return f"a {_profile(figure).title} cannot {act.what} (it may: {', '.join(allowed)})"
        if act.what in ANIMAL_ACTS:
            return attack_refused(shore, figure, act.what, act.target)
        return None
    if act.what in ANIMAL_ACTS:
        return f"{figure.name} is no animal: only animals {act.what}"
    if act.what == "release":
        return release_refused(shore, figure, act.target)
    return None


def candidates(shore: Shore, figure: Figure) -> list[Act]:
    """The animals' actions worth asking about: each attack at each figure or ship near, and a
    person's release of each cage next to it."""
    if not figure.animal:
        return [Act("release", None, m.name) for m in shore.living(figure.side) if m.caged]
    p = _profile(figure)
    me = shore.base(figure)
    near = 2.0 * me.radius + CONTACT + 4.0 + 2.0
    out: list[Act] = []
    for o in shore.living():
        if o is figure:
            continue
        b = shore.base(o)
        if abs(b.x - me.x) <= near and abs(b.y - me.y) <= near:
            for what in ANIMAL_ACTS:
                if what in ALLOWED[p.kind]:
                    out.append(Act(what, None, o.name))
    if p.hits_ships:
        kinds: tuple[AnimalAct, ...] = ("bite", "breath")
        out += [Act(w, None, s.name) for s in shore.afloat() for w in kinds if hull_gap(me, s.hull) <= 4.0 + 1e-9]
        out += [Act("breath", None, g.name) for g in shore.guns.values() if g.working and _gun_near(shore, me, g)]
    return out


def _gun_near(shore: Shore, me: Base, gun: Gun) -> bool:
    q = shore.gun_point(gun)
    return math.hypot(q.x - me.x, q.y - me.y) <= me.radius + GUN_RADIUS + 4.0 + 1e-9


def _seat(figure: Figure) -> str | None:
    return figure.seat


def attack(g: Game, shore: Shore, animal: Figure, what: str, target: str) -> Generator[Prompt, Any, None]:
    """Carry out a checked attack: a bird's hold (or a falcon's kill), a beast's bites, a
    dragon's claws and breath."""
    p = _profile(animal)
    rule = RULES[p.kind]
    t = _target(shore, target)
    assert t is not None
    if what == "harry":
        assert isinstance(t, Figure)
        yield from _harry(g, shore, animal, p, t)
        return
    if isinstance(t, Gun):
        assert p.breath is not None
        yield from _bite(g, shore, animal, p, rule, p.breath, t)
        return
    bites = list(p.bites)
    if what == "breath":
        assert p.breath is not None
        bites = bites[:-1] if (isinstance(t, Ship) and _ship_touching(shore, animal, t)) or (isinstance(t, Figure) and touching(shore, animal, t)) else []
        bites.append(p.breath)
    for b in bites:
        if isinstance(t, Figure) and not t.alive:
            break
        yield from _bite(g, shore, animal, p, rule, b, t)


def _bite(g: Game, shore: Shore, animal: Figure, p: Animal, rule: str, b: Bite, t: Target | Gun) -> Generator[Prompt, Any, None]:
    by = animal.seat
    mods = [Mod(rule, f"a {p.title}", p.to_hit)] if p.to_hit else []
    if b.exact:
        r = yield from g.roll(RollRequest(D6, f"{animal.name}'s {b.name} at {t.name}", rule, _seat(animal), animal.name, "low", b.need))
        hit, faces, need = r.total == b.need, [r.total], b.need
    else:
        out = yield from attempt(g, animal, f"{animal.name}'s {b.name} at {t.name}", rule, b.need, mods)
        hit, faces, need = out.passed, list(out.faces), out.need
    g.emit(
        "bite",
        rule,
        figure=animal.name,
        side=animal.side,
        animal=p.kind,
        attack=b.name,
        target=t.name,
        base=b.need,
        need=need,
        mods=[m.to_json() for m in mods],
        faces=faces,
        hit=hit,
    )
    if not hit:
        return
    cause = f"the {b.name} of {animal.name}"
    if b is p.breath:
        fire.ignite(g, shore, t, shore.base(animal).centre, by)
        if isinstance(t, Gun):
            return  # fire harms no gun (WS-ANIMAL-6)
    assert not isinstance(t, Gun)
    if isinstance(t, Ship):
        damage_ship(g, shore, t, b.damage, by, cause, rule)
    elif b.exact:
        kill(g, shore, t, by, f"taken by {animal.name}", rule)
    else:
        wound(g, shore, t, b.damage, by, cause, rule)


def _harry(g: Game, shore: Shore, bird: Figure, p: Animal, t: Figure) -> Generator[Prompt, Any, None]:
    if t.kind == "parrot" and p.kills_parrot is not None:
        r = yield from g.roll(RollRequest(D6, f"{bird.name} at {t.name}", "WS-ANIMAL-4", _seat(bird), bird.name, "high", p.kills_parrot))
        killed = r.total >= p.kills_parrot
        g.emit("harry", "WS-ANIMAL-4", figure=bird.name, side=bird.side, target=t.name, roll=r.total, killed=killed, held=False)
        if killed:
            kill(g, shore, t, bird.seat, f"killed by {bird.name}", "WS-ANIMAL-4")
        return
    t.harried_by = bird.name
    g.emit("harry", RULES[p.kind], figure=bird.name, side=bird.side, target=t.name, roll=None, killed=False, held=True)


def release(g: Game, shore: Shore, figure: Figure, target: str) -> None:
    """WS-ANIMAL-2: the cage is opened; the beast is wild from now on."""
    monkey = shore.figures[target]
    monkey.caged = False
    monkey.side = WILD
    g.emit("release", "WS-ANIMAL-2", figure=figure.name, side=figure.side, animal=monkey.name)


# --------------------------------------------------------------------------- the wild creatures' turn


def prey_of(shore: Shore, obs: Sequence[Obstruction], animal: Figure) -> Target | None:
    """What the rules send an animal after: the nearest prey it could attack (a carnivorous
    monkey the nearest person it sees, if any); a dragon a ship when no figure is nearer."""
    me = shore.base(animal).centre
    foes = [o for o in shore.living() if is_prey(shore, animal, o)]
    if animal.kind == "carnivorous-monkey":
        seen = [o for o in foes if sees(shore, obs, animal, o) is None]
        foes = seen or foes

    def far(o: Figure) -> tuple[float, str]:
        b = shore.base(o)
        return (math.hypot(b.x - me.x, b.y - me.y), o.name)

    nearest = min(foes, key=far, default=None)
    p = _profile(animal)
    if p.hits_ships:
        ships = [s for s in shore.afloat() if s.side != animal.side]
        near = min(ships, key=lambda s: (hull_gap(shore.base(animal), s.hull), s.name), default=None)
        if near is not None and (nearest is None or hull_gap(shore.base(animal), near.hull) + 2.0 < far(nearest)[0]):
            return near
    return nearest


def chase(shore: Shore, spaces: Spaces, animal: Figure, prey: Target | None) -> Move:
    """A move of the animal towards its prey: into contact if it can get there, else as far
    along the way as its move goes, else it stays."""
    if prey is None or animal.spot is None:
        return Move()
    here = animal.spot
    start = shore.world(here)
    if isinstance(prey, Figure):
        assert prey.spot is not None
        q = shore.world(prey.spot)
        gap = prey.radius + animal.radius + CONTACT / 2.0
        # a swimmer the collisions module keeps is hunted through WS's own water
        where = [(prey.spot.surface, "" if prey.kept else prey.spot.ident), (here.surface, here.ident)]
    else:
        q = prey.hull.centre
        gap = 0.0
        where = [(here.surface, here.ident)]
    d = math.hypot(q.x - start.x, q.y - start.y)
    if d <= gap + CONTACT / 2.0 or (isinstance(prey, Ship) and hull_gap(shore.base(animal), prey.hull) <= CONTACT):
        return Move()
    touch = Vec(q.x + (start.x - q.x) * gap / d, q.y + (start.y - q.y) * gap / d) if d > 1e-9 else q
    for surface, ident in dict.fromkeys(where):
        if _profile(animal).inches(surface.value) is None:
            continue
        goal = spaces.get(surface, ident).nearest(touch)
        if goal is None:
            continue
        m = Move((goal.x, goal.y), _name(surface), ident)
        if _ok(shore, spaces, animal, m):
            return m
    space = spaces.get(here.surface, here.ident)
    goal = space.nearest(touch)
    if goal is None:
        return Move()
    fm = free_move(start, goal, reach_of(animal), space)
    for share in (1.0, 0.9, 0.7, 0.5):
        end = fm.path[-1] if share == 1.0 else _along(start, fm.end, share)
        spot = space.nearest(end)
        if spot is None or math.hypot(spot.x - start.x, spot.y - start.y) < 0.05:
            continue
        m = Move((spot.x, spot.y), _name(here.surface), here.ident)
        if _ok(shore, spaces, animal, m):
            return m
    return Move()


def _along(a: Vec, b: Vec, share: float) -> Vec:
    return Vec(a.x + (b.x - a.x) * share, a.y + (b.y - a.y) * share)


def _name(surface: Surface) -> SurfaceName:
    return "deck" if surface is Surface.DECK else "land" if surface is Surface.LAND else "water"


def _ok(shore: Shore, spaces: Spaces, animal: Figure, m: Move) -> bool:
    try:
        check(shore, animal, m, spaces)
    except IllegalAction:
        return False
    return True


def choose_attack(shore: Shore, animal: Figure, legal: Sequence[Act], prey: Target | None) -> Act:
    """The rules' pick of an animal's action: an attack on its prey, the bite before the breath
    (more attacks), else any attack it has, else nothing."""
    attacks = [a for a in legal if a.what in ANIMAL_ACTS or a.what == "strike"]
    if not attacks:
        return Act()
    rank = {"bite": 0, "strike": 0, "harry": 1, "breath": 2}
    on_prey = [a for a in attacks if prey is not None and a.target == prey.name]
    return min(on_prey or attacks, key=lambda a: (rank[a.what], a.target or ""))


def rules_turn(g: Game, shore: Shore, animal: Figure) -> Generator[Prompt, Any, None]:
    """WS-ANIMAL-7 (option ``wild_animals: rules``): a wild creature goes for its prey and attacks it."""
    from grapeshot.rulesets.woodenships import acts, figures
    from grapeshot.rulesets.woodenships.places import obstructions

    obs = obstructions(shore)
    prey = prey_of(shore, obs, animal)
    spaces = Spaces(shore, animal)
    m = chase(shore, spaces, animal, prey)
    plan: Plan = check(shore, animal, m, spaces)
    g.emit("wild", "WS-ANIMAL-7", figure=animal.name, animal=animal.kind, prey=None if prey is None else prey.name)
    yield from figures.resolve(g, shore, animal, plan, ())
    if not animal.alive:
        return
    obs = obstructions(shore)
    act = choose_attack(shore, animal, acts.legal(shore, animal, obs), prey)
    yield from acts.resolve(g, shore, animal, act, obs)
