"""The Wooden Ships rule registry: each WS rule ID, a short title, and the code that implements it.

``planned`` rules belong to the parts still to come: forts and the score sheet.
"""

from __future__ import annotations

from grapeshot.core.registry import RuleBook, rules_of
from grapeshot.rulesets.woodenships.said import SAID

_r = rules_of("grapeshot.rulesets.woodenships")


RULEBOOK = RuleBook(
    "woodenships",
    "WS",
    [
        # figures
        _r("WS-FIG-1", "equal figures a side, one captain a ship; a man has 1 life point", "fleets.check", "data.MAN_LIFE", "wounds.wound"),
        _r("WS-FIG-2", "heroes: 3 life points, +1 on every action but cannons; captains are heroes", "data.HERO_LIFE", "checks.hero", "boarding.hero_mods"),
        _r("WS-FIG-3", 'move up to 8" first, then one action', "flow.figure_turn", "figures.plan", "acts.refused"),
        _r("WS-FIG-4", "gang-up: +1 for each figure that struck the same victim before", "melee.strike"),
        _r("WS-FIG-5", 'swimming 4" a turn; sharks take a swimmer on a 1', "figures.rate", "figures.sharks"),
        _r(
            "WS-SETUP-1",
            "weapons and guns drafted from one pile in turn; guns mounted, weapons carried or stowed aboard",
            "draft.draft",
            "draft.PickPrompt",
            "draft.DistributePrompt",
            "mounts.MountPrompt",
            "mounts.mount_all",
            "mounts.refused",
        ),
        # small arms and mêlée
        _r("WS-ARMS-1", 'rifle, crossbow, bow: 36/18/12/6", 7/6/5+/4+, no hit within 2"', "data.SMALL_ARMS", "shooting.band_of", "shooting.shoot"),
        _r("WS-ARMS-2", 'pistol and spear: 18/12/9/6", pistol 3+ within 2"; the "7"', "data.SMALL_ARMS", "shooting.band_of", "checks.attempt"),
        _r("WS-ARMS-3", "reload only standing still and out of hand-to-hand", "shooting.reload_refused", "shooting.reload"),
        _r("WS-ARMS-4", "only carried weapons; picked up on the way, not fired that turn", "figures.pickups_refused", "figures.resolve", "shooting.aim"),
        _r("WS-MELEE-1", "hand-to-hand weapons: to hit and damage", "data.MELEE", "melee.strike"),
        _r("WS-MELEE-2", "two one-handed weapons: +1 to hit or a second blow; which are one-handed", "data.MeleeWeapon", "melee.second_weapon", "melee.strike"),
        # ship's guns
        _r(
            "WS-GUN-1",
            "guns fired or turned only by figures beside them since the turn began; one loads, another fires",
            "guns.muster_crews",
            "guns.lay",
            "guns.load_refused",
        ),
        _r(
            "WS-GUN-2",
            "cannons point straight at their target; on wheels they are turned instead of loaded; swivels spin as they fire",
            "guns.on_line",
            "guns.turn_refused",
            "guns.turn",
            "guns.fire",
        ),
        _r("WS-GUN-3", "cannon range bands, 1D6 damage", "data.GUNS", "guns.band_need", "guns.fire"),
        _r("WS-GUN-4", 'swivel gun range bands (within 2": 1+), 1D3 damage', "data.GUNS", "guns.band_need", "guns.fire"),
        _r("WS-GUN-5", 'mounted rifle range bands (none within 2"), 1 damage to men only', "data.GUNS", "guns.band_need", "guns.lay"),
        _r("WS-GUN-6", "cannons -1 against men, cannons and boats", "guns.mods_for", "guns.is_boat"),
        _r("WS-GUN-7", "a cannon's 3 hit points, not cumulative; 5-6 against it also hits its ship", "guns.hit_gun"),
        _r("WS-GUN-8", "a swivel's hit point; 3-6 against it takes 2 off its ship", "guns.hit_gun"),
        _r("WS-GUN-9", "the crew of a destroyed cannon or swivel take a wound each", "guns.hit_gun"),
        _r(
            "WS-GUN-10",
            "the GW-dice variant: artillery die to hit, sustained-fire dice for damage",
            "gw.fire",
            "gw.rerolls",
            "gw.grant",
            "gw.outcome",
            "guns.gw_dice",
            "data.GUNS",
        ),
        # ships
        _r("WS-SHIP-1", "ships of 2 to 5 sections; fleets of equal cost", "setup._ship", "fleets.check", "fleets.costs", "data.MIN_SECTIONS"),
        _r("WS-SHIP-2", "the ship table: movement, ram, hit points, cost", "data.SHIP_TYPES", "data.ShipType", "setup._ship"),
        _r("WS-SHIP-3", "the score sheet's copy of the ram column, as an option", "data.ShipType.ram_value", "flow._muster"),
        _r(
            "WS-MOVE-1", "the ruler from the bow, swung up to 90 degrees; turn to the mark and sail to it", "ships.course", "ships.steer", "prompts.SteerPrompt"
        ),
        _r("WS-MOVE-2", "two phases for boats, a rowboat's spin; all ships move before figures act", "ships.phases", "flow.ship_phase"),
        _r("WS-DMG-1", "a third of its points lost: half speed, or a phase less", "ships.phases", "pieces.Ship.band"),
        _r("WS-DMG-2", "two thirds lost: dead in the water, spinning at half value", "ships.phases", "pieces.Ship.band"),
        _r("WS-DMG-3", "all lost: sinks after a whole turn; the crew may abandon ship", "ships.damage", "ships.sinkings", "ships.sink"),
        _r(
            "WS-BOARD-1",
            'within 2": boarding parties and grapples on 2-6; boarders act no more',
            "figures.crossing_refused",
            "boarding.boarding_roll",
            "boarding.grapple",
        ),
        _r("WS-BOARD-2", "grapples cut by two edged hits on the grappled side", "grapples.cut_refused", "grapples.cut", "data.MeleeWeapon"),
        _r("WS-BOARD-3", "climbing aboard from the water: 3-6, 4-6 or 5-6 by the ship's pace", "boarding.climb", "boarding.pace"),
        # ramming
        _r("WS-RAM-1", "both ships take the other's ram value; bow first +1", "rams.ram", "rams.bow_first", "rams.run_down", "data.FIXED_RAMS"),
        _r("WS-RAM-2", "stuck together when the rammer is the bigger; a 6 frees them", "rams.ram", "rams.dislodge", "ships.cannot_move"),
        _r("WS-RAM-3", "rammed to nothing: sinks after a turn, taking a smaller ship stuck to it", "ships.damage", "ships.sink"),
        # forts
        _r(
            "WS-FORT-1", "forts' hit points from their cost; gates of 3 hit points", "data.fort_cost", "setup.build_fort", "forts.damage_fort", "forts.hit_gate"
        ),
        _r(
            "WS-FORT-2",
            "scaling walls and levels: 6, 4-6, 3-6 by the fort's damage; heroes +1",
            "forts.scale_need",
            "forts.scale",
            "figures._fort_crossing",
            "melee._apart",
        ),
        _r("WS-FORT-3", "a fort with no points collapses, crushing those in it", "forts.collapse"),
        # magic and animals
        _r(
            "WS-MAGIC-1",
            "the shaman's lightning, repelling figures and repelling a ship",
            "magic.bolt",
            "magic.lightning",
            "magic.repel",
            "magic.repel_ship",
            "magic.candidates",
        ),
        _r("WS-ANIMAL-1", "monkeys", "data.ANIMALS", "figures.can_carry", "melee.strike", "animals.act_refused"),
        _r("WS-ANIMAL-2", "carnivorous monkeys in cages", "animals.release", "animals.prey_of", "animals.attack", "flow.side_turn"),
        _r("WS-ANIMAL-3", "parrots", "animals.attack", "melee.harried_by", "figures.plan", "shooting.reload_refused"),
        _r("WS-ANIMAL-4", "falcons", "animals.attack", "animals.is_prey"),
        _r("WS-ANIMAL-5", "sea dragons", "data.ANIMALS", "animals.attack", "animals.attack_refused", "setup._creatures"),
        _r("WS-ANIMAL-6", "fire", "fire.ignite", "fire.burn", "flow.play", "data.FIRE_OUT", "data.FIRE_WORSE"),
        _r("WS-ANIMAL-7", "sharks and crocodiles", "data.ANIMALS", "animals.rules_turn", "animals.chase", "flow.wild_turn", "figures.rate"),
        # wind
        _r("WS-WIND-1", "no sailing into the wind; tacking at half speed", "wind.steer_refused", "wind.begin", "wind.shift", "prompts.SteerPrompt"),
        _r("WS-WIND-2", "stopped ships drift downwind", "wind.drift", "wind.moved"),
        _r("WS-WIND-3", "stealing the wind", "wind.after_phase", "wind.stolen", "wind.phases"),
        _r(
            "WS-RULING-1",
            "the turn order, initiative, victory, edged weapons, boarding rolls and barrels",
            "flow.initiative",
            "victory.check",
            "victory.final",
            "data.MeleeWeapon",
            "boarding.hero_mods",
            "barrels.refused",
            "barrels.hurl",
        ),
        # records
        _r("WS-SHEET-1", "a printable score sheet per ship or fort", "sheets.ship_sheet", "sheets.fort_sheet", "sheets.track", "sheets.references"),
    ],
    says=SAID,
)
