"""The rulesets grapeshot plays; importing this package registers them."""

from grapeshot.rulesets import jimlad as jimlad
