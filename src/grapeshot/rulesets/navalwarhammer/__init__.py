"""Naval Warhammer: house rules for fleets of fantasy-battle armies at sea (seeds/naval-warhammer.txt).

The text stands on two books it does not include: a fantasy battle game and its naval
supplement.  Their general mechanics are written here in the project's own words:

* :mod:`~grapeshot.rulesets.navalwarhammer.fantasy`: the compact fantasy-battle core (profiles,
  the to-hit and to-wound charts, saves, initiative, combat resolution and break tests,
  psychology, templates, artillery, magic), as rule procedures that ask the game for every die;
* :mod:`~grapeshot.rulesets.navalwarhammer.armies`: the catalogue of units with points for the
  armies that crew ships;
* :mod:`~grapeshot.rulesets.navalwarhammer.rules`: every NW rule ID with its status.

The rule set itself (its flow, fleets, ships and the rest) is not registered yet: this package
has no entry point, so no game can be played with it until it does.
"""
