"""The main menu's "Continue": what the save holds, and rebuilding its table."""

from __future__ import annotations

import contextlib
from pathlib import Path

from game.client.context import Context
from game.client.i18n import t
from game.client.match_files import MatchFiles
from game.client.replay_data import problem_key
from game.replay import LogError
from game.saves import describe


def continue_label(data_dir: Path) -> str | None:
    """'繼續 · 馬站麻將 · 第 3 局' when a usable save exists, else None."""
    info = describe(MatchFiles(data_dir).save)
    if info is None:
        return None
    ruleset = t(f"ruleset.{info.get('ruleset')}")
    hands = info.get("hands")
    n = hands if isinstance(hands, int) and hands > 0 else 1
    return f"{t('menu.continue')} · {t('continue.detail', ruleset=ruleset, n=n)}"


def resume_match(ctx: Context) -> bool:
    """Push the saved match's table where it stopped; on a save that will not load, move it
    aside (so Continue stops being offered) and say why on screen. True if resumed."""
    from game.client.notice import NoticeScene
    from game.client.session import LocalSession
    from game.client.table import TableScene

    if ctx.data_dir is None:
        return False
    files = MatchFiles(ctx.data_dir)
    try:
        session = LocalSession.resume(files)
    except LogError as exc:
        aside = files.save.with_name(files.save.name + ".damaged")
        body = t(problem_key(exc))
        with contextlib.suppress(OSError):
            files.save.replace(aside)
            body += "\n" + t("continue.moved", name=aside.name)
        ctx.stack.push(NoticeScene(ctx, t("continue.failed"), body))
        return False
    ctx.stack.push(TableScene(ctx, session, demo=False))
    return True
