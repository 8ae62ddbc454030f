"""Whole-window screens: menus, setup, LAN host/join, replays, statistics, rules, calculator."""
