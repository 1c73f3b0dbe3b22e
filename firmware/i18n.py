"""Every word the console shows, in French (the default: the game is French) and English.

Strings may use the symbols the renderer draws itself (◀ ▶ ▲ ▼ ✓ ● ○ ✕ ⚽ …). Each fits
the 128-px screen at the size it is drawn (``tests/firmware/test_i18n.py`` checks it).
"""
from __future__ import annotations

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
    "menu.level": ("Niveau", "Level"),
    "menu.offside": ("Hors-jeu", "Offside"),
    "menu.one_two": ("Une-deux", "One-two"),
    "menu.counter_attack": ("Contre", "Counter"),
    "menu.clock": ("Chrono", "Clock"),
    "menu.sound": ("Son", "Sound"),
    "menu.language": ("Langue", "Language"),
    "menu.play": ("OK=Jouer", "OK=Play"),
    "players.two": ("2 joueurs", "2 players"),
    "players.cpu": ("contre ordi", "vs CPU"),
    "difficulty.easy": ("Facile", "Easy"),
    "difficulty.medium": ("Moyen", "Medium"),
    "difficulty.hard": ("Fort", "Hard"),
    "level.beginner": ("Débutant", "Beginner"),
    "level.amateur": ("Amateur", "Amateur"),
    "level.pro": ("Pro", "Pro"),
    "level.pro_plus": ("Pro+", "Pro+"),
    "clock.off": ("Non", "Off"),
    # teams and players
    "team.red": ("Rouge", "Red"),
    "team.blue": ("Bleu", "Blue"),
    "you": ("Toi", "You"),
    "cpu": ("Ordi", "CPU"),
    "cpu.playing": ("L'ordi joue", "CPU playing"),
    # a match
    "kickoff": ("Coup d'envoi", "Kick-off"),
    "has_ball": ("{team} a le ballon", "{team} has the ball"),
    "you_have_ball": ("Tu as le ballon", "You have the ball"),
    "hint.pick_card": ("Choisis une carte", "Pick a card"),
    "hint.again": ("Encore = valider", "Again to lock in"),
    "hint.locked": ("Validé ✓ Attends…", "Locked ✓ Wait…"),
    "hint.wait": ("Attends…", "Wait…"),
    "hint.ok": ("OK", "OK"),
    "shooting": ("Tir", "Shot"),
    "you_shoot": ("Tire !", "Shoot!"),
    "you_dive": ("Plonge !", "Dive!"),
    "hint.pick_side": ("Choisis un côté", "Pick a side"),
    "hint.pick_pile": ("Choisis une pile", "Pick a pile"),
    "draw.title": ("Pioche une carte", "Draw a card"),
    "draw.hidden": ("◀ cachée", "◀ hidden"),
    "draw.visible": ("visible ▶", "visible ▶"),
    "flag.hint": ("CENTRE=drapeau !", "CENTRE = flag!"),
    "flag.wait": ("{team} regarde…", "{team} checks…"),
    "flag.raised": ("Drapeau levé !", "Flag up!"),
    # outcomes
    "out.ball_won": ("Ballon récupéré !", "Ball won!"),
    "out.tackle": ("Tacle ! Ballon pris", "Tackle! Ball won"),
    "out.counter": ("Contre-attaque !", "Counter-attack!"),
    "out.kept": ("Ballon gardé", "Ball kept"),
    "out.dribble": ("Dribble !", "Dribble!"),
    "out.goal": ("BUT !", "GOAL!"),
    "out.saved": ("Arrêt !", "Saved!"),
    "out.over_bar": ("Au-dessus !", "Over the bar!"),
    "out.pushed_away": ("Repoussé !", "Pushed away!"),
    "out.free_kick": ("Coup franc", "Free kick"),
    "out.penalty": ("Penalty", "Penalty"),
    "out.open_play": ("Tir !", "Shot!"),
    "out.last_card": ("Dernier tir", "Last shot"),
    "out.shootout": ("Tirs au but", "Shoot-out"),
    "out.offside_chance": ("Hors-jeu ?", "Offside?"),
    "out.offside": ("Hors-jeu !", "Offside!"),
    "out.play_on": ("Jeu continue", "Play on"),
    "out.one_two": ("1-2 !", "1-2!"),
    "out.shooting_phase": ("Phase de tir", "Shooting phase"),
    "out.scored": ("Marqué", "Scored"),
    "out.missed": ("Raté", "Missed"),
    # the end
    "result.win": ("Gagné !", "You win!"),
    "result.lose": ("Perdu", "You lose"),
    "result.team_wins": ("{team} gagne !", "{team} wins!"),
    "result.shootout": ("t.a.b. {red}-{blue}", "pens {red}-{blue}"),
    "result.back": ("OK = menu", "OK = menu"),
    # a serial pad unplugged mid-match
    "pad.unplugged": ("Manette {pad} débranchée", "Pad {pad} disconnected"),
    "match.paused": ("Match en pause", "Match paused"),
    # a match cut off by a power cut, and the results history
    "resume.title": ("Match interrompu", "Match cut off"),
    "resume.question": ("Reprendre ?", "Resume it?"),
    "resume.no": ("◀ Non", "◀ No"),
    "resume.yes": ("Oui ▶", "Yes ▶"),
    "menu.stats": ("Stats", "Stats"),
    "stats.played": ("Matchs joués", "Matches played"),
    # Chifoumi
    "menu.humans": ("Humains", "Humans"),
    "menu.placement": ("Placement", "Placement"),
    "menu.closed_stacks": ("Piles cachées", "Closed stacks"),
    "ck.letters": ("PFCO", "RPSO"),
    "ck.kind.R": ("Pierre", "Rock"),
    "ck.kind.P": ("Feuille", "Paper"),
    "ck.kind.S": ("Ciseaux", "Scissors"),
    "ck.kind.W": ("Puits", "Well"),
    "ck.takes": ("prend", "takes"),
    "ck.army.white": ("Blanc", "White"),
    "ck.army.red": ("Rouge", "Red"),
    "ck.army.black": ("Noir", "Black"),
    "ck.army.orange": ("Orange", "Orange"),
    "ck.your_turn": ("À toi !", "Your turn!"),
    "ck.turn_of": ("À {army}", "{army}'s go"),
    "ck.points": ("Pts", "Pts"),
    "ck.reserve": ("Reste {count}", "{count} left"),
    "ck.stack": ("◀ empiler", "◀ stack"),
    "ck.hint.pick": ("OK=choisir", "OK=pick"),
    "ck.hint.go": ("OK=aller", "OK=go"),
    "ck.hint.again": ("Rejoue:OK", "Again: OK"),
    "ck.hint.place": ("OK=poser", "OK=place"),
    "ck.hint.put": ("OK=poser", "OK=place"),
    "ck.take": ("prendre ▶", "take ▶"),
    "ck.stop": ("Stop", "Stop"),
    "ck.who_starts": ("Qui commence ?", "Who starts?"),
    "ck.tie": ("Égalité ! Encore", "A tie! Again"),
    "ck.you_start": ("Tu commences !", "You start!"),
    "ck.starts": ("{army} commence", "{army} starts"),
    "ck.draw": ("Égalité", "A draw"),
    "ck.wins": ("{army} gagne", "{army} wins"),
    "ck.teams": ("Équipes", "Teams"),
    "ck.cpu_seat": ("Ordi {army}", "CPU {army}"),
}


def text(language: str, key: str, **values: object) -> str:
    """The string ``key`` in ``language`` ("fr" or "en"), with ``{name}`` fields filled."""
    french, english = STRINGS[key]
    chosen = english if language == "en" else french
    return chosen.format(**values) if values else chosen
