"""The main menu's "Continue": what the save holds, and rebuilding its table."""

from __future__ import annotations

import logging
from pathlib import Path

from game.client.context import Context
from game.client.i18n import t
from game.client.sessions.match_files import MatchFiles
from game.client.sessions.replay_data import problem_text
from game.client.ui.notice import NoticeScene
from game.replay import LogError
from game.saves import describe

log = logging.getLogger(__name__)


def continue_label(data_dir: Path) -> str | None:
    """'繼續 · 馬站麻將 · 第 3 局' when a usable save exists, a plain 'Continue' when a save
    exists that this version cannot read (choosing it explains and moves it aside: a save is
    never silently ignored), else None."""
    files = MatchFiles(data_dir)
    info = describe(files.save)
    if info is None:
        return t("menu.continue") if files.save.is_file() else None
    ruleset = t(f"ruleset.{info.get('ruleset')}")
    hands = info.get("hands")
    n = hands if isinstance(hands, int) and hands > 0 else 1
    return f"{t('menu.continue')} · {t('continue.detail', ruleset=ruleset, n=n)}"


def resume_match(ctx: Context) -> bool:
    """Push the saved match's table where it stopped; on a save that will not load, move it
    aside (so Continue stops being offered) and say why on screen. True if resumed."""
    from game.client.sessions.local import LocalSession  # the engine: load late

    if ctx.data_dir is None:
        return False
    files = MatchFiles(ctx.data_dir)
    try:
        session = LocalSession.resume(files)
    except LogError as exc:
        body = problem_text(exc)
        log.warning("the save %s cannot be resumed: %s", files.save, exc)
        try:
            aside = files.move_aside(files.save)
        except OSError as move_error:
            log.warning("cannot move the save aside: %s", move_error)
        else:
            body += "\n" + t("continue.moved", name=f"{aside.parent.name}/{aside.name}")
        ctx.stack.push(NoticeScene(ctx, t("continue.failed"), body))
        return False
    ctx.stack.open("table", session=session, demo=False)
    return True
