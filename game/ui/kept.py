"""What the kit keeps between runs so that a start-up does not work it out again: the menu pictures rendered
from SVG (``assets``) and each game's music loop (``sound``). The application gives the store (the user's cache
folder, ``game.storage.cache``); the kit only asks it for bytes under a key and gives it bytes to keep. What is
kept is a copy: missing or damaged, it is worked out again."""

from __future__ import annotations

import hashlib
from typing import Protocol


class Store(Protocol):
    """Bytes kept between runs under a key of lower-case letters, digits and '-'."""

    def load(self, key: str) -> bytes | None:
        """The bytes kept under ``key``, or None."""

    def save(self, key: str, data: bytes) -> None:
        """Keep ``data`` under ``key`` (or not: it is worked out again next time)."""


_stores: list[Store] = []
"""The store the application gives (at most one); none: nothing is kept."""


def use_store(store: Store | None) -> None:
    """Keep things in ``store`` from now on (None: keep nothing)."""
    _stores[:] = [] if store is None else [store]


def key(kind: str, *parts: bytes) -> str:
    """The key of what was worked out from ``parts`` (a file's bytes, a size, the versions that work it out):
    ``kind`` and their digest, so anything changed is a new key."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(len(part).to_bytes(8, "big") + part)
    return f"{kind}-{digest.hexdigest()}"


def load(name: str) -> bytes | None:
    """The bytes kept under ``name``, if a store keeps them."""
    return _stores[0].load(name) if _stores else None


def save(name: str, data: bytes) -> None:
    """Keep ``data`` under ``name`` in the store, if there is one."""
    for store in _stores:
        store.save(name, data)
