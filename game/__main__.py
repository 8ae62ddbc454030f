"""`python -m game` is the same as the `mahjong` command."""

from game.cli import main

raise SystemExit(main())
