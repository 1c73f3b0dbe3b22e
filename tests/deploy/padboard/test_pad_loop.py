"""The pad board's logic on its own: a scripted line and a hand-moved millisecond clock."""
from __future__ import annotations

from padboard import padloop
from padboard.padloop import PadLoop
from hal import serial_protocol as wire
from serial_rig import FakePanel


class ScriptedLink:
    def __init__(self) -> None:
        self.incoming = b""
        self.decoder = wire.FrameDecoder()
        self.sent: list[tuple[int, int, bytes]] = []

    def readinto(self, buffer: bytearray) -> int:
        if not self.incoming:
            return 0
        data, self.incoming = self.incoming[:len(buffer)], self.incoming[len(buffer):]
        buffer[:len(data)] = data
        return len(data)

    def write(self, buffer: bytes | bytearray, count: int) -> None:
        self.sent += self.decoder.feed(bytes(buffer[:count]))

    def take(self, kind: int) -> list[tuple[int, int, bytes]]:
        taken = [frame for frame in self.sent if frame[0] == kind]
        self.sent = [frame for frame in self.sent if frame[0] != kind]
        return taken


class Board:
    def __init__(self) -> None:
        self.ms = 0
        self.levels = [False] * 7
        self.link = ScriptedLink()
        self.panel = FakePanel()
        self.loop = PadLoop(3, self.link, self.keys, self.panel, lambda: self.ms, 0x1234)

    def keys(self) -> int:
        return sum(1 << index for index, level in enumerate(self.levels) if level)

    def run(self, ms: int) -> None:
        for _ in range(ms):
            self.loop.poll()
            self.ms += 1

    def host_says(self, kind: int, seq: int, payload: bytes) -> None:
        self.link.incoming += wire.encode_frame(kind, seq, payload)

    def greet(self) -> None:
        self.run(1)
        self.host_says(wire.ACK, 0, wire.ack_payload(wire.HELLO, 0))
        self.run(1)


def test_hello_until_the_console_answers_then_heartbeats() -> None:
    board = Board()
    board.run(1200)
    hellos = board.link.take(wire.HELLO)
    assert len(hellos) == 3 and hellos[0][2] == wire.hello_payload(3, wire.CAP_BUTTONS | wire.CAP_SSD1306, 0x1234)
    board.greet()
    board.link.sent.clear()
    board.run(1000)
    assert board.link.take(wire.HELLO) == []
    assert [kind for kind, _, _ in board.link.sent] == [wire.HEARTBEAT] * 4


def test_a_bouncing_press_is_one_press_and_a_release_inside_the_lockout_is_not_lost() -> None:
    board = Board()
    board.greet()
    for level in (True, False, True, False, True, False, True):      # 7 ms of contact bounce
        board.levels[1] = level
        board.run(1)
    board.run(30)
    board.levels[1] = False
    board.run(1)
    board.levels[1] = True        # bounce at release, settles released inside 20 ms
    board.run(3)
    board.levels[1] = False
    board.run(40)
    changes = [(button, pressed) for button, pressed, _, _ in board.loop.changes]
    assert changes == [(1, True), (1, False)]


def test_a_button_frame_is_resent_with_its_sequence_until_acked_then_the_next_goes() -> None:
    board = Board()
    board.greet()
    board.levels[4] = True
    board.run(175)
    sent = board.link.take(wire.BUTTON)
    assert len(sent) == 4 and len({frame for frame in sent}) == 1          # first try + 3 resends
    seq = sent[0][1]
    assert sent[0][2][:2] == bytes((4, 1))
    board.host_says(wire.ACK, 0, wire.ack_payload(wire.BUTTON, seq))
    board.run(2)
    board.levels[4] = False
    board.run(2)
    release = board.link.take(wire.BUTTON)
    assert len(release) == 1 and release[0][1] == seq % 255 + 1 and release[0][2][:2] == bytes((4, 0))


def test_a_change_made_while_a_frame_waits_for_its_ack_rides_along_at_the_next_resend() -> None:
    board = Board()
    board.greet()
    board.levels[4] = True
    board.run(30)
    board.levels[4] = False                                                # released before any ack
    board.run(30)
    sent = board.link.take(wire.BUTTON)
    assert [len(payload) // wire.CHANGE_SIZE for _, _, payload in sent] == [1, 2]
    assert sent[1][1] != sent[0][1] and sent[1][2][:wire.CHANGE_SIZE] == sent[0][2]


def test_screen_contrast_power_apply_once_and_are_always_acked() -> None:
    board = Board()
    board.greet()
    payload = bytes(wire.window_payload(2, 3, 10, 12, bytes(i % 256 for i in range(1024))))
    for _ in range(2):                                                       # a resend: same seq
        board.host_says(wire.SCREEN, 9, payload)
        board.run(1)
    board.host_says(wire.CONTRAST, 10, b"\x08")
    board.host_says(wire.POWER, 11, b"\x00")
    board.run(1)
    acks = board.link.take(wire.ACK)
    assert [frame[2] for frame in acks] == ([bytes((wire.SCREEN, 9))] * 4 + [bytes((wire.CONTRAST, 10))] * 2
                                            + [bytes((wire.POWER, 11))] * 2)     # each ack goes twice
    assert board.loop.screens == 1
    expected = bytearray(1024)
    wire.apply_windows(payload, expected)
    assert board.panel.frame == expected and board.panel.level == 8 and board.panel.on is False


def test_the_consoles_hello_clears_the_panel_and_restarts_its_numbering() -> None:
    board = Board()
    board.greet()
    board.host_says(wire.SCREEN, 1, bytes(wire.window_payload(0, 0, 0, 3, b"\xff" * 1024)))
    board.run(1)
    board.host_says(wire.HELLO, 0, bytes((wire.VERSION,)))
    board.run(1)
    assert board.panel.frame == bytes(1024) and board.loop.frame == bytes(1024)
    assert board.link.take(wire.HELLO)[-1][2][1] == 3
    board.host_says(wire.SCREEN, 1, bytes(wire.window_payload(0, 0, 0, 0, b"\x81")))    # seq 1 again
    board.run(1)
    assert board.panel.frame[0] == 0x81


def test_changes_wait_for_the_console_and_a_full_queue_drops_whole_taps_never_a_last_state() -> None:
    """Past the limit the oldest tap goes as a pair (its press and release), so each button's
    changes still alternate and the latest state of every button stays queued: a button held
    before a flood of taps on another is still pressed when the console hears the pad."""
    board = Board()
    board.levels[1] = True                          # CARD2 held first: the oldest change
    board.run(25)
    for _ in range(2 * padloop.QUEUE_LIMIT + 1):
        board.levels[0] = not board.levels[0]
        board.run(25)
    assert board.link.take(wire.BUTTON) == []
    changes = board.loop.changes
    assert len(changes) <= padloop.QUEUE_LIMIT and board.loop.merged > 0
    assert [(button, pressed) for button, pressed, _, _ in changes if button == 1] == [(1, True)]
    card1 = [pressed for button, pressed, _, _ in changes if button == 0]
    assert card1[0] is True and card1[-1] is True                     # ends pressed, as it is
    assert all(a != b for a, b in zip(card1, card1[1:]))              # still alternating
    ms = [ticks for _, _, ticks, _ in changes]
    assert ms == sorted(ms)


def test_a_panel_that_stops_answering_never_stops_the_buttons_and_is_redrawn_whole_when_back() -> None:
    board = Board()
    board.greet()
    board.host_says(wire.CONTRAST, 1, b"\x10")
    board.host_says(wire.SCREEN, 2, bytes(wire.window_payload(0, 1, 0, 127, bytes(range(256)) * 4)))
    board.run(2)
    board.panel.unplugged = True                      # a loose wire on the OLED
    board.host_says(wire.SCREEN, 3, bytes(wire.window_payload(5, 5, 10, 19, b"\x3c" * 1024)))
    board.run(2)
    board.levels[2] = True                            # the buttons go on
    board.run(5)
    board.host_says(wire.POWER, 4, b"\x00")
    board.run(3000)
    assert [kind for kind, _, _ in board.link.take(wire.BUTTON)][:1] == [wire.BUTTON]
    acks = [payload for _, _, payload in board.link.take(wire.ACK)]
    assert bytes((wire.SCREEN, 3)) in acks and bytes((wire.POWER, 4)) in acks
    tries = board.panel.failures
    assert 3 <= tries <= 8                            # retried with a back-off, not every pass
    board.panel.unplugged = False
    board.run(padloop.PANEL_RETRY_MAX_MS + 1)
    assert board.panel.frame == board.loop.frame      # the whole picture again, as the host left it
    assert board.loop.frame[5 * 128 + 10:5 * 128 + 20] == b"\x3c" * 10
    assert board.panel.level == 0x10 and board.panel.on is False
    assert board.loop.panel_ok and board.panel.failures == tries


def test_a_board_without_a_panel_plays_buttons_and_says_it_has_no_screen() -> None:
    for panel in (None, FakePanel()):                 # none configured, or none answering at boot
        board = Board()
        if panel is None:
            board.loop = PadLoop(3, board.link, board.keys, None, lambda board=board: board.ms, 0x1234)
        else:
            board.panel.unplugged = True
        board.run(1)
        hello = board.link.take(wire.HELLO)[0][2]
        assert hello[2] == wire.CAP_BUTTONS
        board.greet()
        board.host_says(wire.SCREEN, 1, bytes(wire.window_payload(0, 0, 0, 3, b"\xff" * 1024)))
        board.levels[6] = True
        board.run(5)
        assert board.link.take(wire.ACK)[0][2] == bytes((wire.SCREEN, 1))
        assert board.link.take(wire.BUTTON)[0][2][:2] == bytes((6, 1))


def test_an_unacked_batch_is_cut_in_half_until_one_change_goes_alone() -> None:
    board = Board()
    for _ in range(10):                               # queued while the console is away
        board.levels[0] = not board.levels[0]
        board.run(25)
    board.greet()
    board.run(2000)                                   # nothing acked: a line that spoils frames
    sent = board.link.take(wire.BUTTON)
    sizes = [len(payload) // wire.CHANGE_SIZE for _, _, payload in sent]
    assert sizes[:3] == [8, 8, 8] and sizes[3:6] == [4, 4, 4] and set(sizes[6:]) == {padloop.MIN_BATCH}
    seqs = [seq for _, seq, _ in sent]
    assert len({seqs[0], seqs[3], seqs[6]}) == 3              # each cut goes under a new number
    assert all(payload == sent[0][2][:len(payload)] for _, _, payload in sent)   # oldest first
    board.host_says(wire.ACK, 0, wire.ack_payload(wire.BUTTON, seqs[-1]))
    board.run(2)
    assert len(board.loop.changes) == 8 and len(board.link.take(wire.BUTTON)[0][2]) == 2 * wire.CHANGE_SIZE


def test_the_idle_pass_allocates_nothing() -> None:
    """tracemalloc under CPython; bench/bench_pad_micropython.py measures gc.mem_alloc on a real
    MicroPython. Clock values stay below 256 so CPython's cached small ints keep ints out of it."""
    import tracemalloc

    board = Board()
    board.greet()
    board.run(5)
    board.link.sent.clear()
    loop = board.loop
    loop.keys = lambda: 0
    tracemalloc.start()
    try:
        for _ in range(3):
            loop.poll()
            board.ms += 1
        passes = 0
        before, _ = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        while passes < 150:                           # not range(): its objects would count
            loop.poll()
            board.ms += 1
            passes += 1
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert board.link.sent == []
    assert peak - before <= 0


def test_a_new_console_session_hears_again_of_a_button_still_held() -> None:
    """A console that lost the pad released what it held; when it says hello again, a button
    still held (its press long acked) is sent again as a press, so its state arrives."""
    board = Board()
    board.greet()
    board.levels[4] = True                                   # LEFT held
    board.run(5)
    [(_, seq, payload)] = board.link.take(wire.BUTTON)
    assert [(button, pressed) for button, pressed, _ in wire.changes(payload)] == [(4, True)]
    board.host_says(wire.ACK, 0, wire.ack_payload(wire.BUTTON, seq))
    board.run(100)
    assert board.loop.changes == []
    board.host_says(wire.HELLO, 0, bytes((wire.VERSION,)))   # the console opened the port again
    board.run(1)
    board.host_says(wire.ACK, 0, wire.ack_payload(wire.HELLO, 0))
    board.run(5)
    [(_, _, payload)] = board.link.take(wire.BUTTON)
    [(button, pressed, _)] = list(wire.changes(payload))
    assert (button, pressed) == (4, True)


def picture(seed: int) -> bytes:
    return bytes((seed * 37 + at * 11) % 256 for at in range(1024))


def shown(board: Board) -> bool:
    return board.panel.on and bytes(board.panel.frame) == bytes(board.loop.frame)


def test_a_panel_that_lost_power_silently_shows_its_picture_again_within_5_seconds() -> None:
    """A loose VCC wire: the panel answers the next write as before, but it is dark with RAM
    garbage, and the SSD1306 gives no read to tell. Whenever the power goes relative to the
    heals, the picture is back within 5 s, its contrast and power with it."""
    worst = 0
    for lost_after in (5, 1300, 2900, 4100, 4790):
        board = Board()
        board.greet()
        board.host_says(wire.CONTRAST, 1, b"\x20")
        board.host_says(wire.SCREEN, 2, bytes(wire.window_payload(0, 7, 0, 127, picture(lost_after))))
        board.run(2 * padloop.HEAL_MS)
        heals = board.loop.heals
        for _ in range(padloop.HEAL_MS + 100):           # to just after a heal
            if board.loop.heals != heals:
                break
            board.run(1)
        assert board.loop.heals > heals
        board.run(lost_after)
        board.panel.lose_power()
        board.panel.level = None
        dark = 0
        while not shown(board):
            board.run(10)
            dark += 10
            assert dark < 5000, f"still dark {dark} ms after the power went"
        assert board.panel.level == 0x20 and board.panel.failures == 0
        worst = max(worst, dark)
    assert worst > padloop.HEAL_MS - 500                 # the last loss came just after a heal


class Watched(FakePanel):
    """Records, pass by pass, what the loop asked of the panel."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[str] = []

    def setup(self) -> None:
        super().setup()
        self.calls.append("setup")

    def write_window(self, first_page: int, last_page: int, first_column: int, last_column: int,
                     data: bytes) -> None:
        super().write_window(first_page, last_page, first_column, last_column, data)
        self.calls.append(f"page {first_page}-{last_page}")

    def power(self, on: bool) -> None:
        super().power(on)
        self.calls.append(f"power {on}")


def test_a_heal_never_darkens_a_lit_panel_and_no_pass_writes_more_than_one_page() -> None:
    board = Board()
    board.panel = panel = Watched()
    board.loop.panel = panel
    board.greet()
    board.host_says(wire.SCREEN, 1, bytes(wire.window_payload(0, 7, 0, 127, picture(1))))
    board.run(1)
    per_pass = []
    for _ in range(3 * padloop.HEAL_MS + 50):
        panel.calls.clear()
        board.run(1)
        per_pass.append(list(panel.calls))
        assert panel.on
    heal_passes = [calls for calls in per_pass if calls]
    heal_passes = heal_passes[heal_passes.index(["setup"]):]    # the host's picture came first
    assert board.loop.heals == 3 and panel.set_up == 3 and panel.started == 1
    assert max(len(calls) for calls in heal_passes) == 1          # one step a pass: 3 ms of I2C
    assert [call for calls in heal_passes for call in calls][:10] == (
        ["setup"] + [f"page {page}-{page}" for page in range(8)] + ["power True"])


def test_no_heal_amid_a_burst_of_screens_nor_on_a_panel_switched_off() -> None:
    board = Board()
    board.greet()
    for seq in range(1, 13):                              # a new picture every 0.8 s for 9.6 s
        board.host_says(wire.SCREEN, seq, bytes(wire.window_payload(seq % 8, seq % 8, 0, 9, picture(seq))))
        board.run(800)
    assert board.loop.heals == 0
    board.run(padloop.HEAL_QUIET_MS + 20)
    assert board.loop.heals == 1                          # overdue: at the first still second
    board.host_says(wire.POWER, 13, b"\x00")
    board.run(1)
    board.panel.lose_power()
    board.run(5 * padloop.HEAL_MS)
    assert board.loop.heals == 1 and board.panel.on is False
    board.host_says(wire.POWER, 14, b"\x01")             # on again: lit at once, healed 4.8 s on
    board.run(padloop.HEAL_MS + padloop.HEAL_STEPS + 1)
    assert board.loop.heals == 2 and shown(board)


def test_a_heal_that_meets_a_loose_wire_hands_over_to_the_retries() -> None:
    board = Board()
    board.greet()
    board.host_says(wire.SCREEN, 1, bytes(wire.window_payload(0, 7, 0, 127, picture(4))))
    board.run(padloop.HEAL_MS + 3)                       # into the first heal: a few pages done
    assert board.loop.heal_step > 1
    board.panel.unplugged = True
    board.run(1)
    assert not board.loop.panel_ok and board.loop.heal_step == 0
    board.panel.unplugged = False
    board.run(padloop.PANEL_RETRY_MAX_MS + 1)
    assert board.loop.panel_ok and shown(board)
