"""The game window (pygame-ce): menus, the table scene and the local session."""
