"""``pitchpad match`` seats bots for every registered game that has CPU players (issue 17):
Fotboll and Chifoumi as well as Chifootmi and Simulator Soccer, through the real command."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.protocol import play_out
from engine.bots.seeds import match_seeds
from engine.fotboll.bots import make_bot as fotboll_bot
from engine.chifoumi.bots import make_bot as chifoumi_bot
from firmware.games.registry import GAMES, game_named
from firmware.commands.match import playable

ROOT = Path(__file__).resolve().parents[3]


def pitchpad_match(*args: str, answer=None, timeout: float = 300) -> tuple[list[dict], str, int]:
    """Run the command; a stdio seat answers each decision line with ``answer(line)``."""
    proc = subprocess.Popen([sys.executable, "-m", "firmware.cli", "match", *args], cwd=ROOT,
                            text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    lines = []
    for text in proc.stdout:
        line = json.loads(text)
        lines.append(line)
        if "legal" in line:
            proc.stdin.write(json.dumps(answer(line)) + "\n")
            proc.stdin.flush()
    proc.stdin.close()
    err = proc.stderr.read()
    return lines, err, proc.wait(timeout=timeout)


def test_every_registered_game_has_cpu_players_in_the_command():
    assert {spec.name for spec in playable()} == set(GAMES)


def test_fotboll_bots_play_a_round_that_replays_from_the_seed():
    lines, err, status = pitchpad_match("--game", "fotboll", "--option", "jokers", "--seed", "4",
                                        "--red", "bot:search:ms=4", "--blue", "bot:sensible",
                                        "--matches", "2", "--swap")
    assert status == 0, err
    results = [line for line in lines if "result" in line]
    assert [r["seed"] for r in results] == [match_seeds(4, i).deal for i in range(2)]
    assert all(r["result"]["over"] and r["result"]["half"] == 2 for r in results)
    game = game_named("fotboll").rules
    config = game.parse_script({"game": "fotboll", "options": {"jokers": True}}).config
    for index, result in enumerate(results):       # the same bots on the same seeds: the same match
        seeds = match_seeds(4, index)
        players = {"red": fotboll_bot("search").with_time_budget(4), "blue": fotboll_bot("sensible")}
        if index % 2:                                # --swap: the players change colours
            players = {"red": players["blue"], "blue": players["red"]}
        match = game.new_match(config, seeds.deal)
        play_out(match, players, {seat: seeds.bot_rng(seat) for seat in players})
        assert game.summary(match) == result["result"]
    wins = lines[-1]["wins"]
    assert lines[-1]["done"] and sum(wins.values()) == sum(r["result"]["winner"] is not None
                                                           for r in results)


def test_a_fotboll_stdio_seat_sees_its_view_only_and_plays_to_the_end():
    def answer(line):
        assert line["seat"] == "blue" and line["view"]["seat"] == "blue"
        assert "seed" not in json.dumps(line["view"])
        return line["legal"][0]
    lines, err, status = pitchpad_match("--game", "fotboll", "--seed", "9", "--red", "bot:sensible",
                                        "--blue", "stdio", answer=answer)
    assert status == 0, err
    asked = {line["view"]["stage"] for line in lines if "legal" in line}
    assert {"formation", "attack"} <= asked
    (result,) = [line["result"] for line in lines if "result" in line]
    assert result["over"] and "forfeit" not in result


def test_chifoumi_seats_every_army_of_the_game_a_stdio_seat_among_them():
    def answer(line):
        assert line["view"]["seat"] == line["seat"]
        return line["legal"][-1]
    lines, err, status = pitchpad_match("--game", "chifoumi", "--players", "3", "--seed", "2",
                                        "--white", "bot:greedy", "--red", "bot:search:nodes=60",
                                        "--black", "stdio", "--matches", "2", "--swap",
                                        answer=answer)
    assert status == 0, err
    results = [line["result"] for line in lines if "result" in line]
    assert len(results) == 2 and all(r["over"] for r in results)
    assert set(results[0]["points"]) == {"white", "red", "black"}
    asks = [line for line in lines if "legal" in line]
    seats = {m: {line["seat"] for line in asks if line["match"] == m} for m in (0, 1)}
    assert seats == {0: {"black"}, 1: {"red"}}     # --swap: each player moves one seat on
    assert set(lines[-1]["wins"]) == {"white", "red", "black"}


def test_two_player_chifoumi_replays_from_the_seed():
    lines, err, status = pitchpad_match("--game", "chifoumi", "--option", "placement", "--seed", "6",
                                        "--white", "bot:greedy", "--black", "bot:random")
    assert status == 0, err
    (line,) = [line for line in lines if "result" in line]
    game = game_named("chifoumi").rules
    config = game.parse_script({"game": "chifoumi", "options": {"placement": True}}).config
    seeds = match_seeds(6, 0)
    match = game.new_match(config, seeds.deal)
    play_out(match, {"white": chifoumi_bot("greedy"), "black": chifoumi_bot("random")},
             {seat: seeds.bot_rng(seat) for seat in ("white", "black")})
    assert game.summary(match) == line["result"]


@pytest.mark.parametrize("args, says", [
    (["--game", "chifoumi", "--players", "3", "--white", "bot:random", "--black", "bot:random"],
     "chifoumi needs --red"),
    (["--game", "fotboll", "--red", "bot:random", "--blue", "bot:random", "--white", "bot:random"],
     "fotboll has no seat --white"),
    (["--game", "fotboll", "--option", "offside", "--red", "bot:random", "--blue", "bot:random"],
     "unknown option 'offside' (jokers, tiebreak)"),
    (["--game", "fotboll", "--red", "bot:strong", "--blue", "bot:random"],
     "no bot called 'strong' (random, sensible, search)"),
    (["--game", "chifoumi", "--white", "bot:search:ms=40", "--black", "bot:random"],
     "bot option ms: the search bot of chifoumi has no decision budget"),
    (["--game", "chifoumi", "--white", "bot:greedy:depth=2", "--black", "bot:random"],
     "bad options for the greedy bot"),
    (["--game", "chifoumi", "--players", "4", "--option", "placement", "--white", "stdio",
      "--black", "bot:random", "--red", "bot:random", "--orange", "bot:random"], "K-4P-1"),
])
def test_a_set_up_or_seat_a_game_does_not_have_is_one_line_exit_2(args, says):
    proc = subprocess.run([sys.executable, "-m", "firmware.cli", "match", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 2 and proc.stdout == ""
    assert says in proc.stderr and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
