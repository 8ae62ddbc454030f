"""Whole-window screens: menus, setup, LAN host/join, replays, rules, calculator."""
