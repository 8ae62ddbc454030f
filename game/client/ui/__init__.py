"""The drawing kit every screen shares: widgets, fonts, tile art, tweens, sound, dialogs."""
