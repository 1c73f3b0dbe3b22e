"""Leaving a match from the pads: LEFT and RIGHT held together, then every person agrees.

Why this gesture: every single button means something in some game (CENTRE is OK, and OK
commits a move in Fotboll and Chifoumi or raises Chifootmi's offside flag), and the pads only
report presses and releases, so a leave key must be a *combination held*: LEFT and RIGHT
held together for :data:`HOLD` seconds. Their first presses still reach the game as
usual: in every game they only move a cursor or a highlight, which the question then covers.
A child mashing buttons taps; holding two buttons still for a second is deliberate, and the
question that follows has a way back.

The question ("Quitter le match ?") opens on the pad that held the buttons: LEFT leaves,
RIGHT or OK plays on. Against the CPU that is enough; with other people at the table, each
of their pads is asked in turn ("Rouge veut arrêter") and the match ends only when all agree.
A pad that has pressed nothing for :data:`ABSENT` seconds is not waited for (its player has
gone), and a question nobody answers lapses after :data:`QUESTION` seconds. While a question
is open the match stands still (no clock runs out on anyone reading it). The match then ends
*abandoned*: recorded in the results history with the score it stood at and no winner.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from firmware.i18n import seat_word, text
from firmware.render import WIDTH, Canvas, wrap
from hal.buttons import Button

HOLD = 1.0
"""Seconds LEFT and RIGHT must be held together to open the question."""
QUESTION = 30.0
"""A question nobody answers lapses (the match goes on)."""
ABSENT = 120.0
"""A pad with no press for this long is not waited for: its player has gone."""
NOTICE = 2.5
"""How long "Bleu veut jouer" stays on the asking pad after a no."""
CHORD = (Button.LEFT, Button.RIGHT)


@dataclass(frozen=True)
class LeaveScreen:
    """What a pad shows while a question is open, or just after: its ``kind`` is ``ask`` (this
    pad asks), ``hold`` (``who`` is asking itself: the match waits, this pad's presses do
    nothing and it says why), ``asked`` (``who`` asks this pad), ``wait`` (this pad said yes,
    ``who`` has not yet), ``play_on`` (``who`` said no) or ``no_answer`` (the question
    lapsed)."""

    kind: str
    who: str = ""
    """How the screen names the other pad's player it talks about: the name they chose
    (``person:Ana``), else their seat's colour (``team.blue``)."""
    others: bool = False
    """``ask``: other people must agree too (the screen says so, naming ``who`` when only
    one other person plays)."""

    def draw(self, c: Canvas, language: str) -> None:
        c.box(0, 0, WIDTH - 1, 10, filled=True)
        c.centred(0, text(language, "leave.header"), ink=0)
        lines = [line for said in self._said(language) for line in wrap(said)]
        top = BODY_TOP + (BODY_ROWS - LINE_PITCH * len(lines)) // 2
        for row, line in enumerate(lines):
            c.centred(top + LINE_PITCH * row, line)
        if self.kind in ("ask", "asked"):
            c.hints(left=text(language, "leave.yes"), right=text(language, "leave.no"))
        elif self.kind == "wait":
            c.hints(right=text(language, "leave.no"))

    def _said(self, language: str) -> list[str]:
        """What the screen says, sentence by sentence (a long name wraps a sentence in two)."""
        who = seat_word(language, self.who) if self.who else ""
        if self.kind == "ask":
            agree = (text(language, "leave.must_agree", team=who) if who
                     else text(language, "leave.all_agree"))
            return [text(language, "leave.question")] + ([agree] if self.others else [])
        if self.kind == "asked":
            return [text(language, "leave.asks", team=who), text(language, "leave.question")]
        if self.kind == "wait":
            return [text(language, "leave.waiting", team=who)]
        if self.kind == "hold":
            return [text(language, "leave.thinking", team=who), text(language, "match.paused")]
        if self.kind == "play_on":
            return [text(language, "leave.plays_on", team=who)]
        return [text(language, "leave.no_answer")]


BODY_TOP, BODY_ROWS = 12, 41
"""The rows between the title bar and the hint line that the question's sentences share."""
LINE_PITCH = 12


@dataclass
class LeaveQuestion:
    """An open "leave the match?" question: who asked, whose yes is needed, who said yes."""

    asker: int
    needed: set[int]
    """The pads whose yes ends the match (the asker's included)."""
    labels: dict[int, str]
    """Each pad's seat label (an i18n key), for the other pads' screens."""
    until: float
    agreed: set[int] = field(default_factory=set)

    def press(self, pad: int, button: Button) -> str | None:
        """``leave`` once every needed pad said yes (LEFT), ``stay`` when ``pad`` says no
        (RIGHT or OK); None for a button that answers nothing."""
        if pad not in self.needed or not self.asked(pad):
            return None
        if button is Button.LEFT:
            self.agreed.add(pad)
            return "leave" if self.needed <= self.agreed else None
        if button in (Button.RIGHT, Button.CENTRE):
            return "stay"
        return None

    def asked(self, pad: int) -> bool:
        """Whether ``pad`` has the question on its screen: the asker at once, the others once
        the asker said yes."""
        return pad == self.asker or self.asker in self.agreed

    def join(self, pad: int, label: str) -> None:
        """A pad that was thought gone pressed a button: its yes is needed too."""
        self.needed.add(pad)
        self.labels[pad] = label

    def screen(self, pad: int) -> LeaveScreen | None:
        """What ``pad`` shows, or None when the question is not its business (a spectator)."""
        if pad not in self.needed:
            return None
        if not self.asked(pad):
            return LeaveScreen("hold", self.labels[self.asker])
        waiting = sorted(self.needed - self.agreed)
        if pad in self.agreed:
            return LeaveScreen("wait", self.labels[waiting[0]])
        if pad == self.asker:
            others = sorted(self.needed - {pad})
            return LeaveScreen("ask", self.labels[others[0]] if len(others) == 1 else "",
                               others=bool(others))
        return LeaveScreen("asked", self.labels[self.asker])


def open_question(asker: int, people: dict[int, str], last_press: dict[int, float],
                  now: float) -> LeaveQuestion:
    """The question ``asker`` opens: ``people`` is pad -> seat label for every pad a person
    plays at, ``last_press`` each pad's last press; pads gone quiet for :data:`ABSENT` are
    not asked."""
    needed = {pad for pad in people
              if pad == asker or now - last_press.get(pad, float("-inf")) < ABSENT}
    return LeaveQuestion(asker, needed, dict(people), now + QUESTION)


def chord_since(held: Mapping[Button, float], buttons: Iterable[Button] = CHORD) -> float | None:
    """When every one of ``buttons`` was down at once (the latest press), None if one is up."""
    if not all(button in held for button in buttons):
        return None
    return max(held[button] for button in buttons)
