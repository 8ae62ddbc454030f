"""The table scene and what it draws: layout, hand, rivers, centre box, motion, results."""
