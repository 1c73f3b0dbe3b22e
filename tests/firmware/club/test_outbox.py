"""The unit's outbox on real files: durable, torn tails tolerated, emptied when all is sent."""
from __future__ import annotations

import json

from club_rig import result_message

from firmware.club.outbox import FILE_NAME, Outbox


def doc(number: int) -> dict:
    return result_message("table1", number).to_json()


def test_a_result_added_is_there_after_a_restart(tmp_path):
    Outbox(tmp_path).add(doc(1))
    again = Outbox(tmp_path)
    assert [d["id"] for d in again.pending()] == [doc(1)["id"]]


def test_a_torn_last_line_is_skipped_and_the_next_record_starts_a_fresh_line(tmp_path, caplog):
    box = Outbox(tmp_path)
    box.add(doc(1))
    with open(tmp_path / FILE_NAME, "ab") as out:      # a power cut in the middle of a write
        out.write(json.dumps({"put": doc(2)}).encode()[:37])
    box = Outbox(tmp_path)
    assert [d["id"] for d in box.pending()] == [doc(1)["id"]]
    assert "unreadable line" in caplog.text
    box.add(doc(3))
    assert [d["id"] for d in Outbox(tmp_path).pending()] == [doc(1)["id"], doc(3)["id"]]


def test_receipts_clear_results_and_the_file_is_emptied_when_nothing_is_pending(tmp_path):
    box = Outbox(tmp_path)
    for number in range(3):
        box.add(doc(number))
    assert box.done(doc(1)["id"]) is True
    assert box.done(doc(1)["id"]) is False, "a second receipt changes nothing"
    assert [d["id"] for d in Outbox(tmp_path).pending()] == [doc(0)["id"], doc(2)["id"]]
    box.done(doc(0)["id"])
    box.done(doc(2)["id"])
    assert (tmp_path / FILE_NAME).read_bytes() == b""
    assert len(Outbox(tmp_path)) == 0


def test_the_same_result_added_twice_is_kept_once(tmp_path):
    box = Outbox(tmp_path)
    box.add(doc(1))
    box.add(doc(1))
    assert (tmp_path / FILE_NAME).read_bytes().count(b"\n") == 1


def test_a_card_that_refuses_writes_keeps_the_result_in_memory(tmp_path):
    folder = tmp_path / "state"
    folder.mkdir()
    (folder / FILE_NAME).mkdir()                         # the outbox path is not a file
    box = Outbox(folder)
    assert box.add(doc(1)) is False
    assert len(box) == 1
