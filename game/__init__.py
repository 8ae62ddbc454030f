"""Mazhan and Nanjing mahjong: the rules core (no pygame, no asyncio here)."""

from importlib import metadata as _metadata

DISTRIBUTION = "mahjong-tables"

try:
    __version__ = _metadata.version(DISTRIBUTION)
except _metadata.PackageNotFoundError:  # run from a bare checkout that was never installed
    __version__ = "0+unknown"
