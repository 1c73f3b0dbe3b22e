"""Fotboll's screens say what just happened, with the right score and from the reading pad's
side (issue 32): the full time, the shoot-out's kicks, who has locked in."""
from __future__ import annotations

from demo_play import demo_screens
from reading import words

from engine.fotboll import events as ev
from firmware.fotboll import screens as fs
from firmware.storage.settings import Settings


def _demo(tmp_path, seed: int = 3) -> tuple:
    app, seen = demo_screens(tmp_path, Settings.flat(game="fotboll", tiebreak=True), seed)
    return app.session, seen


def test_F_END_1_full_time_shows_the_match_score_and_each_kick_the_shoot_out_score(tmp_path):
    session, seen = _demo(tmp_path)
    match = session.match
    assert match.score == [1, 1] and match.shootout_score == (3, 1)        # the match
    reveals = [m for m in seen[1] if isinstance(m, fs.EventScreen)]
    full_time = next(m for m in reveals if m.told.big == "fb.full_time")
    assert "1-1" in words(full_time, "fr")
    kicks = [e for e in session.history if isinstance(e, ev.ShootoutKick)]
    shown = [m for m in reveals if m.told.big in ("out.goal", "out.saved")]
    assert len(shown) == len(kicks) == 7
    for model, kick in zip(shown, kicks):
        assert f"{kick.red}-{kick.blue}" in words(model, "fr")           # pad 1 is red
