"""The words only Chifootmi shows, in French and English (:mod:`firmware.i18n` keys).

The registry adds them to the console's words when it loads the game's spec.
"""
from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    # key: (français, English)
    "menu.level": ("Niveau", "Level"),
    "has_ball": ("{team} a le ballon", "{team} has the ball"),
    "you_have_ball": ("Tu as le ballon", "You have the ball"),
    "hint.pick_card": ("Choisis une carte", "Pick a card"),
    "flip.drew": ("Tu pioches : {card}", "You drew: {card}"),
    "shooting": ("au tir !", "to shoot!"),
    "draw.title": ("Pioche une carte", "Draw a card"),
    "draw.short": ("Pioche", "Draw"),
    "draw.hidden": ("◀ cachée", "◀ hidden"),
    "draw.visible": ("visible ▶", "visible ▶"),
    "flag.hint": ("CENTRE=drapeau !", "CENTRE = flag!"),
    "flag.wait": ("{team} regarde…", "{team} checks…"),
    "out.tackle": ("Tacle !", "Tackle!"),
    "out.dribble": ("Dribble !", "Dribble!"),
    "out.over_bar": ("Au-dessus", "Too high!"),
    "out.pushed_away": ("Repoussé !", "Pushed away!"),
    "out.offside_chance": ("Hors-jeu ?", "Offside?"),
    "out.offside": ("Hors-jeu !", "Offside!"),
    "out.play_on": ("On joue !", "Play on!"),
    "tell.you_miss": ("Tu tires au-dessus", "You shoot too high"),
    "tell.they_miss": ("{team} tire au-dessus", "{team} shoots too high"),
    "tell.you_again": ("Tu tires encore !", "You shoot again!"),
    "tell.they_again": ("{team} tire encore", "{team} shoots again"),
    "tell.ball_yours": ("Ballon à toi !", "Your ball!"),
    "tell.ball_theirs": ("Ballon à {team}", "{team}'s ball"),
    "tell.you_take": ("Tu prends le ballon", "You win the ball"),
    "tell.they_take": ("{team} prend le ballon", "{team} wins the ball"),
    "cf.you_counter": ("Tu contre-attaques !", "You counter-attack!"),
    "cf.they_counter": ("{team} contre-attaque", "{team} counter-attacks"),
    "cf.you_shoot_next": ("Tu vas tirer !", "You shoot next!"),
    "cf.they_shoot_next": ("{team} va tirer !", "{team} shoots next!"),
    "cf.shootout_next": ("Tirs au but !", "Penalties!"),
    "tell.your_shot": ("À toi de tirer !", "Your turn to shoot!"),
    "tell.your_dive": ("À toi de plonger !", "Your turn to dive!"),
    "clock.random": ("Trop tard ! Au hasard", "Too late! At random"),
    "clock.picked": ("Trop tard ! Ton choix", "Too late! Your pick"),
    "menu.house": ("Règles maison", "House rules"),
}
