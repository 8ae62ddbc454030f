"""Where a table's state comes from: a local engine, a LAN host, match files, replays."""
