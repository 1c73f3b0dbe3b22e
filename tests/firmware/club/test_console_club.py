"""The console with club play: a match played on the pads reaches the league, live and at the
end, through the real app, a real broker and the real client; play never waits for it."""
from __future__ import annotations

import json

from club_rig import wait_until

from firmware.club.unit import ClubLink, open_link
from firmware.club.publisher import Publisher

from journal_driver import Player, settings_for  # noqa: E402


class Watched(Publisher):
    """The real publisher, noting every live score the app hands it (to check they flow)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.scores: list[bytes | None] = []

    def live(self, live) -> None:
        self.scores.append(None if live is None else live.payload())
        super().live(live)


def test_a_match_played_on_the_pads_reaches_the_league_with_live_scores(mosquitto, league, tmp_path):
    config = mosquitto.unit("table1")
    publisher = Watched(config, tmp_path / "unit")
    link = ClubLink(config, tmp_path / "unit", publisher)
    link.start()
    try:
        player = Player(tmp_path / "unit", 11, settings_for("amateur", "two"))
        player.app.club = link
        outcome = player.play()
        assert wait_until(lambda: league.count() == 1)
        assert wait_until(lambda: league.league.live() == [])
    finally:
        link.stop()
    [result] = league.league.recent()
    score = outcome["summary"]["score"]
    assert [(p["seat"], p["name"], p["score"]) for p in result["players"]] == [
        ("red", "guest", score["red"]), ("blue", "guest", score["blue"])]
    assert result["id"].startswith("cafe/table1/") and result["game"] == "chifootmi"
    assert not result["ranked"], "two guests: a friendly"
    lives = [json.loads(p) for p in publisher.scores if p is not None]
    assert len(lives) >= 2, "the live score is sent when the match starts and as it changes"
    seen = [(live["players"][0]["score"], live["players"][1]["score"]) for live in lives]
    assert seen == sorted(seen) and seen[-1] <= (score["red"], score["blue"])
    assert publisher.scores[-1] is None, "the live score goes when the match is over"


def test_a_bad_club_file_is_one_log_line_and_the_console_plays_on(tmp_path, caplog):
    (tmp_path / "club.toml").write_text('[club]\nname = "Café!"\ntable = "t1"\n')
    assert open_link(tmp_path / "club.toml", tmp_path) is None
    assert "club play is off" in caplog.text and "club 'Café!'" in caplog.text
    (tmp_path / "club.toml").unlink()
    assert open_link(None, tmp_path, hardware_config=tmp_path / "hardware.toml") is None


def test_a_unit_that_stops_cleanly_mid_match_leaves_no_live_card(mosquitto, league, tmp_path):
    """Issue 39, item 8: Esc in the simulator, or SIGTERM, runs ``club.stop()``; a clean
    disconnect discards the unit's will, so its live card stayed on the page."""
    config = mosquitto.unit("table2")
    link = ClubLink(config, tmp_path / "unit")
    link.start()
    player = Player(tmp_path / "unit", 11, settings_for("amateur", "two"))
    player.app.club = link
    player.boot()
    while len(player.app.session.decisions) < 2:
        presses = player.choices()
        for pad, button in presses:
            player.press(pad, button)
        if not presses:
            player.clock.advance(max(0.0, player.app.deadline() - player.clock.now()))
            player.app.step(None)
    assert wait_until(lambda: [m["table"] for m in league.league.live()] == ["table2"]), "a match on"
    link.stop()                                      # what pitchpad run and sim do as they end
    assert wait_until(lambda: league.league.live() == [], timeout=3), "the table said it is idle"
