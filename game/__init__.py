"""Mazhan and Nanjing mahjong: the rules core (no pygame, no asyncio here)."""
