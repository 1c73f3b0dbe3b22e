"""Every word the console shows, in French (the default: the game is French) and English.

The console's own words are here; each game's are in its folder (``strings.py``, named by its
spec) and join them when the registry loads the game, so :func:`text` finds every key.

Strings may use the symbols the renderer draws itself (◀ ▶ ▲ ▼ ✓ ● ○ ✕ ⚽ …). Each fits
the 128-px screen at the size it is drawn: ``tests/firmware/console/test_text_fits.py`` reads
the ink of every text every registered game's screens draw, whole matches in both languages
with the longest names the pads type (a name that does not fit gives way to its seat's colour:
:func:`plain_names`).
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

T = TypeVar("T")

LANGUAGES = ("fr", "en")
DEFAULT_LANGUAGE = "fr"

STRINGS: dict[str, tuple[str, str]] = {
    # key: (français, English)
    "language.name": ("Français", "English"),
    "yes": ("Oui", "On"),
    "no": ("Non", "Off"),
    # menu
    "menu.game": ("Jeu", "Game"),
    "menu.players": ("Joueurs", "Players"),
    "menu.cpu": ("Ordi", "CPU"),
    "menu.clock": ("Chrono", "Clock"),
    "menu.sound": ("Son", "Sound"),
    "menu.buzzer": ("Buzzer", "Buzzer"),
    "menu.buzzer_unset": ("non réglé", "not set up"),
    "menu.language": ("Langue", "Language"),
    "menu.play": ("Jouer", "Play"),
    "menu.open": ("Ouvrir", "Open"),
    "players.two": ("2 joueurs", "2 players"),
    "players.cpu": ("contre ordi", "vs CPU"),
    "difficulty.easy": ("Facile", "Easy"),
    "difficulty.medium": ("Moyen", "Medium"),
    "difficulty.hard": ("Fort", "Hard"),
    "clock.off": ("Non", "Off"),
    # teams and players
    "team.red": ("Rouge", "Red"),
    "team.blue": ("Bleu", "Blue"),
    "you": ("Toi", "You"),
    "cpu": ("Ordi", "CPU"),
    "cpu.playing": ("L'ordi joue", "CPU playing"),
    # a CPU seat's own screen (a demo): what its team does, never a button to press
    "cpu.choosing": ("{team} choisit…", "{team} is choosing…"),
    "cpu.chosen": ("{team} a choisi ✓", "{team} has chosen ✓"),
    "cpu.waits": ("{team} attend…", "{team} waits…"),
    # a match
    "kickoff": ("Engagement", "Kick-off"),
    "tagline": ("Foot à coups secrets", "Secret-move football"),
    "hint.again": ("Encore = valider", "Again to lock in"),
    "hint.locked": ("Validé ✓ Attends…", "Locked ✓ Wait…"),
    "hint.wait": ("Attends…", "Wait…"),
    "hint.ok": ("OK", "OK"),
    "you_shoot": ("Tire !", "Shoot!"),
    "you_dive": ("Plonge !", "Dive!"),
    "hint.pick_side": ("Choisis un côté", "Pick a side"),
    "hint.pick_pile": ("Choisis une pile", "Pick a pile"),
    # outcomes
    "out.goal": ("BUT !", "GOAL!"),
    "out.saved": ("Arrêt !", "Saved!"),
    "out.shootout": ("Tirs au but", "Shoot-out"),
    "out.scored": ("Marqué", "Scored"),
    "out.missed": ("Raté", "Missed"),
    # the end
    "result.win": ("Gagné !", "You win!"),
    "result.lose": ("Perdu", "You lose"),
    "result.team_wins": ("{team} gagne !", "{team} wins!"),
    "result.shootout": ("{score} aux tirs au but", "{score} on penalties"),
    "result.draw": ("Match nul", "A draw"),
    "result.back": ("menu", "menu"),
    # a serial pad unplugged mid-match
    "pad.unplugged": ("Manette {pad} débranchée", "Pad {pad} disconnected"),
    "match.paused": ("Match en pause", "Match paused"),
    # a match cut off by a power cut, and the results history
    "resume.title": ("Match interrompu", "Match cut off"),
    "resume.question": ("Reprendre ?", "Resume it?"),
    "resume.no": ("◀ Non", "◀ No"),
    "resume.yes": ("Oui ▶", "Yes ▶"),
    "abandoned.title": ("Abandonné", "Abandoned"),
    "abandoned.why": ("Personne ne jouait", "Nobody was playing"),
    "abandoned.left": ("Vous l'avez arrêté", "You stopped the match"),
    "leave.header": ("Arrêter le match", "Stop the match"),
    "leave.question": ("Quitter le match ?", "Leave the match?"),
    "leave.all_agree": ("Chacun doit accepter", "Everyone must agree"),
    "leave.must_agree": ("{team} doit accepter", "{team} must agree too"),
    "leave.thinking": ("{team} veut arrêter ?", "{team} may stop…"),
    "leave.asks": ("{team} veut arrêter", "{team} wants to stop"),
    "leave.waiting": ("Attends {team}…", "Waiting for {team}…"),
    "leave.plays_on": ("{team} veut jouer", "{team} plays on"),
    "leave.no_answer": ("Pas de réponse", "No answer"),
    "leave.yes": ("◀ Quitter", "◀ Leave"),
    "leave.no": ("Jouer ▶", "Play ▶"),
    "watch.header": ("Spectateur", "Watching"),
    "watch.cards": ("{r} joue {red}, {b} {blue}", "{r} plays {red}, {b} {blue}"),
    "watch.cards_short": ("{r} {red} vs {blue} {b}", "{r} {red} vs {blue} {b}"),
    "watch.goal": ("{team} marque !", "{team} scores!"),
    "watch.saved": ("Arrêt du gardien !", "Saved!"),
    "watch.duel_won": ("{team} gagne le duel", "{team} wins the duel"),
    "watch.duel_lost": ("{team} perd le duel", "{team} loses the duel"),
    "watch.pen_scored": ("{team}: tir réussi", "{team}: pen scored"),
    "watch.pen_missed": ("{team}: tir raté", "{team}: pen missed"),
    "watch.draw": ("Match nul", "A draw"),
    "players.one_pad": ("toi vs ordi", "you vs CPU"),
    "menu.stats": ("Stats", "Stats"),
    "stats.played": ("Matchs joués", "Matches played"),
    "menu.tiebreak": ("Tirs au but", "Shoot-out"),
    "fb.you_start": ("Tu commences", "You start"),
    "fb.they_start": ("{team} commence", "{team} starts"),
    "fb.draw": ("Match nul", "A draw"),
    # a move told from each side: {team} is the other seat (a colour, or the CPU)
    "cf.you_are": ("Tu es", "You are"),
    "cf.name_is": ("{name}, tu es", "{name}, you are"),
    "tell.you_score": ("Tu marques !", "You score!"),
    "tell.they_score": ("{team} marque !", "{team} scores!"),
    "tell.you_save": ("Tu arrêtes le tir !", "You save the shot!"),
    "tell.they_save": ("{team} arrête ton tir", "{team} saves your shot"),
    "tell.you_keep": ("Tu gardes le ballon", "You keep the ball"),
    "tell.they_keep": ("{team} garde le ballon", "{team} keeps the ball"),
    "tell.they_save_it": ("{team} arrête le tir !", "{team} saves it!"),
    "tell.their_shot": ("{team} tire", "{team} shoots"),
    "tell.their_dive": ("{team} plonge", "{team} dives"),
    "cf.team_is": ("Voici", "Here is"),
    "tell.duel_won": ("Gagné !", "Won it!"),
    "tell.duel_lost": ("Perdu", "Lost it"),
    "tell.duel_beaten": ("Perdu", "Beaten"),
    "tell.tie": ("Égalité", "A tie"),
    "stats.won": ("{who} gagne", "{who} won"),
    "stats.draws": ("Matchs nuls", "Draws"),
    "stats.abandoned": ("Abandonnés", "Abandoned"),
    "stats.none": ("Aucun match", "No match yet"),
    "menu.kids": ("Enfants", "Kids"),
    "attract.press": ("Appuie pour jouer", "Press to play"),
    "attract.demo": ("Démo", "Demo"),
    # power and battery (firmware/console/power_screens.py)
    "power.menu": ("Éteindre", "Power off"),
    "power.question": ("Éteindre", "Power off"),
    "power.no": ("◀ Non", "◀ No"),
    "power.yes": ("Oui ▶", "Yes ▶"),
    "power.goodbye": ("Au revoir", "Goodbye"),
    "power.kept": ("Le match est gardé", "The match is kept"),
    "power.empty": ("Batterie vide", "Battery empty"),
    "power.low": ("Batterie {percent} %", "Battery {percent}%"),
    "power.failed": ("Pas pu", "Could not"),
    "power.failed2": ("éteindre", "power off"),
    "power.failed3": ("Demande à un grand", "Ask a grown-up"),
    "power.ok": ("OK ▶", "OK ▶"),
    "menu.sleep": ("Veille", "Sleep"),
    "sleep.off": ("Jamais", "Never"),
    "sleep.minutes": ("{minutes} min", "{minutes} min"),
}


class Key(str):
    """A value that is itself an i18n key (``Key("team.red")``), or keys joined by ``/`` (a
    shot's aim and dive), for words computed before the language is known (a spectator's
    line): the screen words it in the reader's language."""

    __slots__ = ()


def add(strings: Mapping[str, tuple[str, str]], third_person: ThirdPerson | None = None) -> None:
    """Add a game's words (its spec's ``strings``) and how :func:`told_as` tells those that
    address the reader of a team (its spec's ``third_person``); the registry calls this as it
    loads the game. A key may be added again with the same words, never with others."""
    _merge(STRINGS, strings)
    _merge(THIRD_PERSON, third_person or {})


def _merge(table: dict[str, T], added: Mapping[str, T]) -> None:
    for key, value in added.items():
        known = table.get(key)
        if known is not None and known != value:
            raise ValueError(f"the text {key!r} is defined twice, differently")
        table[key] = value


PERSON = "person:"
"""The prefix of a key that is a person's name chosen on the pads (:func:`person_key`)."""


COLOUR = "\x1f"
"""Between a person's name and their seat's key in a :func:`person_key`."""


def person_key(name: str, colour: str = "") -> str:
    """A person's name as a key the screens word like a team's (``text`` gives the name as
    it is, in every language): a match between named people says "Bob marque !". ``colour``:
    the key of their seat (``team.blue``), which words them instead inside
    :func:`plain_names` (a screen whose lines do not fit with the names)."""
    return PERSON + name + (COLOUR + colour if colour else "")


_PLAIN: ContextVar[bool] = ContextVar("pitchpad_plain_names", default=False)


@contextmanager
def plain_names() -> Iterator[None]:
    """Inside, a person's key words their seat's colour rather than their name: the console
    draws a screen so when a line of it, with the names, leaves the panel
    (``firmware.console.display.draw_screen``)."""
    token = _PLAIN.set(True)
    try:
        yield
    finally:
        _PLAIN.reset(token)


def _person(language: str, key: str) -> str:
    name, _, colour = key[len(PERSON):].partition(COLOUR)
    return text(language, colour) if colour and _PLAIN.get() else name


ThirdPerson = Mapping[str, tuple[str, str | None]]
"""A word that addresses the reading pad -> the same told of a team: (key, the field the seat's
own team fills; None: the words keep the other team they name)."""

THIRD_PERSON: dict[str, tuple[str, str | None]] = {
    # the words above; a game adds its own with its strings (:func:`add`)
    "tell.they_save": ("tell.they_save_it", None),
    "result.win": ("result.team_wins", "team"),
    "tell.duel_won": ("watch.duel_won", "team"),
    "tell.duel_lost": ("watch.duel_lost", "team"),
    "tell.duel_beaten": ("watch.duel_lost", "team"),
    "tell.you_score": ("tell.they_score", "team"),
    "tell.you_save": ("tell.they_save_it", "team"),
    "tell.you_keep": ("tell.they_keep", "team"),
    "cf.you_are": ("cf.team_is", "team"),
    "fb.you_start": ("fb.they_start", "team"),
}
"""What :func:`told_as` turns into a team's words."""
_VOICE: ContextVar[tuple[str, str] | None] = ContextVar("pitchpad_voice", default=None)


@contextmanager
def told_as(own: str, other: str) -> Iterator[None]:
    """Word screens for nobody at the pad (a demo): inside, "you" is the team ``own`` (a
    key, ``team.red``), the CPU facing it is ``other``, and lines that address the reader
    ("Tu marques !", "Gagné !") are told of the team ("Rouge marque !", "Rouge gagne !")."""
    token = _VOICE.set((own, other))
    try:
        yield
    finally:
        _VOICE.reset(token)


def text(language: str, key: str, **values: object) -> str:
    """The string ``key`` in ``language`` ("fr" or "en"), with ``{name}`` fields filled; a
    :func:`person_key` is the name itself; inside :func:`told_as`, told of a team."""
    if key.startswith(PERSON):
        return _person(language, key)
    voice = _VOICE.get()
    if voice is not None:
        own, other = voice
        if key in ("you", "cpu"):
            return text(language, own if key == "you" else other)
        third = THIRD_PERSON.get(key)
        if third is not None:
            third_key, field_name = third
            if field_name is None:
                return text(language, third_key, **values)
            return text(language, third_key, **{**values, field_name: text(language, own)})
    french, english = STRINGS[key]
    chosen = english if language == "en" else french
    return chosen.format(**values) if values else chosen


def seat_key(seat: str) -> str:
    """The key that names ``seat`` on a screen (``team.<seat>``: a team's colour, a Chifoumi
    army), or the seat's own name when no key names it."""
    key = "team." + seat
    return key if key in STRINGS else seat


def seat_word(language: str, seat_or_key: str) -> str:
    """A seat (or a :func:`seat_key`, a :func:`person_key`) as ``language`` words it; a name no
    key has as it is."""
    if seat_or_key.startswith(PERSON):
        return _person(language, seat_or_key)
    key = seat_key(seat_or_key)
    if key in STRINGS:
        return text(language, key)
    return text(language, seat_or_key) if seat_or_key in STRINGS else seat_or_key

