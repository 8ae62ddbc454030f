"""`python -m game` is the same as the `mahjong` command."""

import os
import sys

try:
    # a Ctrl-C while the modules load (before main's own handler is reached) is still a
    # clean interrupt, not a KeyboardInterrupt traceback and a death by SIGINT
    from game.cli import exit_with, main
except KeyboardInterrupt:
    sys.stderr.write("\nmahjong: interrupted\n")
    sys.stderr.flush()
    os._exit(130)  # as exit_with does: nothing of ours to close down yet
try:
    status = main()
except KeyboardInterrupt:
    sys.stderr.write("\nmahjong: interrupted\n")
    status = 130
exit_with(status)
