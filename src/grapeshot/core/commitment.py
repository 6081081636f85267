"""Commitments: publish a hash now, reveal what it hides later, and let anyone check the two.

The web table commits to every sealed order when it is given and to the game's dice seed when
the game is created: it publishes ``sha256(text + ":" + salt)`` and, once the orders are
revealed or the game is over, the text and the salt.  The salt is 128 random bits, so the hash
gives nothing away even of a small seed someone typed (``7`` could otherwise be found by trying
every small number), and nothing can be swapped after the fact without the hash showing it.
"""

from __future__ import annotations

import hashlib
import secrets


def new_salt() -> str:
    return secrets.token_hex(16)


def commit(text: str, salt: str) -> str:
    """The published hash of ``text``: SHA-256 (hex) of ``text:salt``."""
    return hashlib.sha256(f"{text}:{salt}".encode()).hexdigest()


def seed_commitment(seed: int, salt: str) -> str:
    """The hash a game publishes of its seed (the seed written in decimal)."""
    return commit(str(seed), salt)


def verify(hash_hex: str, text: str, salt: str) -> bool:
    """Whether ``text`` and ``salt`` are what ``hash_hex`` committed to."""
    return secrets.compare_digest(commit(text, salt), hash_hex.lower())
