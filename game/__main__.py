"""`python -m game` is the same as the `mahjong` command."""

import signal
import sys

try:
    # a Ctrl-C while the modules load (before main's own handler is reached) is still a
    # clean interrupt, not a KeyboardInterrupt traceback and a death by SIGINT
    from game.cli import main

    status = main()
except KeyboardInterrupt:
    sys.stderr.write("\nmahjong: interrupted\n")
    status = 130
# The status is decided: a late Ctrl-C (interpreter shutdown, atexit, thread joins) must not
# turn it into a death by SIGINT.
signal.signal(signal.SIGINT, signal.SIG_IGN)
raise SystemExit(status)
