"""Chifootmi events told as one line of plain English each (the headless sim's summary)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _card(value: Any) -> str:
    return "D/T" if value == "DT" else str(value)


_SHOTS = {"open_play": "shot", "free_kick": "free kick", "penalty": "penalty",
          "last_card": "last-card shot", "shootout": "shoot-out penalty",
          "card_shot": "card shot"}
_HOW = {"duel": "wins the duel and the ball", "tackle": "tackles the dribble and wins the ball",
        "offside": "gets the ball (offside)", "save": "gets the ball"}

LINES: dict[str, Callable[[dict[str, Any]], str]] = {
    "kickoff": lambda e: f"Kick-off: {e['seat']} has the ball.",
    "reveal": lambda e: f"Round {e['round']}: red plays {_card(e['red'])}, "
                        f"blue plays {_card(e['blue'])}.",
    "ball_kept": lambda e: f"  {e['seat']} keeps the ball"
                           f"{' with a dribble' if e['dribble'] else ''} ({e['retention']} kept).",
    "ball_won": lambda e: f"  {e['seat']} {_HOW.get(e['how'], 'wins the ball')}"
                          f"{' - counter-attack!' if e['counter_attack'] else ''}.",
    "one_two": lambda e: f"  1-2! {e['seat']} passes the {e['value']} back.",
    "offside_chance": lambda e: f"  Offside? {e['defender']} may flag.",
    "offside": lambda e: f"  Flag up: offside! Ball to {e['seat']}.",
    "play_on": lambda e: "  No flag: play on.",
    "shooting_phase": lambda e: f"  {e['seat']} reaches the shooting phase.",
    "shot": lambda e: f"  {_SHOTS.get(e['kind'], e['kind']).capitalize()}: "
                      f"{e['shooter']} shoots, {e['keeper']} in goal.",
    "goal": lambda e: f"  GOAL for {e['seat']}! {e['red']}-{e['blue']}"
                      + (f" (shot {e['shoot']}, keeper went {e['dive']})" if e["shoot"] else ""),
    "saved": lambda e: f"  Saved! The keeper guessed {e['dive']}.",
    "over_the_bar": lambda e: f"  {e['seat']} shoots over the bar.",
    "pushed_away": lambda e: f"  Pushed away: {e['seat']} shoots again.",
    "draw": lambda e: f"    {e['seat']} draws "
                      f"{'a hidden card' if e['card'] is None else _card(e['card'])} "
                      f"from {'the hidden' if e['pile'] == 'pile1' else 'the visible'} pile.",
    "shootout": lambda e: f"Level after the last shot: penalty shoot-out, {e['first']} first.",
    "shootout_kick": lambda e: f"  {e['seat']}: {'scores' if e['scored'] else 'saved'} "
                               f"(shoot-out {e['red']}-{e['blue']}).",
    "match_over": lambda e: f"Final whistle: {e['winner']} wins ({e['red']}-{e['blue']}).",
}


def describe(event: Any) -> str | None:
    """The line for ``event``, or None when this game has no words for it."""
    line = event.to_json()
    tell = LINES.get(line["event"])
    return tell(line) if tell else None
