"""The rule sets grapeshot plays, one package each.

They are found through the ``grapeshot.rulesets`` entry points in ``pyproject.toml`` (the one
list of installed rule sets), never by name from the rest of the package.
"""
