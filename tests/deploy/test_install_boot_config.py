"""Issue 16, point 12: the installer against a fake root (PITCHPAD_ROOT, stub commands). It backs
the boot config up, writes under an [all] section, understands combined dtparam lines, and
refuses (with the loader's one-line error) a config the service would refuse, before enabling
anything. The boot-config editor runs on the real Python; the config check on the real loader."""
from __future__ import annotations

import sys

import pytest

from .test_deploy import DEPLOY, attempt, log, make_fake, run

sys.path.insert(0, str(DEPLOY))
from boot_config import apply  # noqa: E402

BOOT = "boot/firmware/config.txt"


@pytest.fixture
def fake(tmp_path):
    return make_fake(tmp_path)
WANTED = {"i2c_arm": "on", "i2c_arm_baudrate": "400000"}


def effective(text: str) -> dict[str, str]:
    """The dtparams a board that matches no conditional section gets (what a Zero 2 W sees
    when the file's conditional sections name other models)."""
    got, for_all = {}, True
    for line in text.splitlines():
        line = line.split("#")[0].strip()
        if line.startswith("["):
            for_all = line == "[all]"
        elif for_all and line.startswith("dtparam="):
            for part in line[len("dtparam="):].split(","):
                name, _, value = part.partition("=")
                got[name.strip()] = value.strip() or "on"
    return got


def test_lines_go_under_all_when_the_file_ends_in_a_model_section():
    text = "dtparam=audio=on\n[pi4]\narm_boost=1\n"
    new = apply(text, WANTED)
    assert effective(new)["i2c_arm"] == "on" and effective(new)["i2c_arm_baudrate"] == "400000"
    assert new.startswith(text) and "[all]" in new.splitlines()


def test_a_value_set_only_for_one_model_does_not_count():
    new = apply("[pi4]\ndtparam=i2c_arm=on\n", WANTED)
    assert effective(new)["i2c_arm"] == "on"


def test_our_own_combined_line_is_understood_and_left_alone():
    text = "# boot\ndtparam=i2c_arm=on,i2c_arm_baudrate=400000\n"
    assert apply(text, WANTED) == text
    assert apply("dtparam=i2c_arm\ndtparam=i2c_arm_baudrate=400000\n", WANTED) == \
        "dtparam=i2c_arm\ndtparam=i2c_arm_baudrate=400000\n"


def test_a_wrong_value_in_a_combined_line_is_changed_in_place():
    new = apply("dtparam=audio=on,i2c_arm=on,i2c_arm_baudrate=100000  # speed\n", WANTED)
    assert new == "dtparam=audio=on,i2c_arm=on,i2c_arm_baudrate=400000  # speed\n"


def test_the_installer_backs_up_writes_under_all_and_does_not_ask_for_a_reboot_twice(fake):
    fake_dir, root = fake
    boot = root / BOOT
    original = "dtparam=audio=on\n[pi4]\narm_boost=1\n"
    boot.write_text(original)
    out = run(fake_dir, root, "install.sh")
    backups = list(boot.parent.glob("config.txt.pitchpad-*.bak"))
    assert len(backups) == 1 and backups[0].read_text() == original
    assert effective(boot.read_text())["i2c_arm_baudrate"] == "400000" and "reboot" in out
    out = run(fake_dir, root, "install.sh")
    assert "reboot" not in out and len(list(boot.parent.glob("*.bak"))) == 1


def test_the_combined_line_of_our_own_example_asks_for_no_reboot(fake):
    fake_dir, root = fake
    boot = root / BOOT
    boot.write_text("dtparam=i2c_arm=on,i2c_arm_baudrate=400000\ndtoverlay=pwm,pin=12,func=4\n")
    (root / "etc/modules-load.d").mkdir(parents=True)
    (root / "etc/modules-load.d/pitchpad.conf").write_text("i2c-dev\n")
    out = run(fake_dir, root, "install.sh")
    assert boot.read_text() == "dtparam=i2c_arm=on,i2c_arm_baudrate=400000\ndtoverlay=pwm,pin=12,func=4\n"
    assert "reboot" not in out and not list(boot.parent.glob("*.bak"))


def test_a_config_the_loader_refuses_is_never_enabled_nor_started(fake, tmp_path):
    fake_dir, root = fake
    bad = tmp_path / "mine.toml"
    bad.write_text('profile = "toaster"\n')
    done = attempt(fake_dir, root, "install.sh", "--config", str(bad))
    assert done.returncode != 0
    refusal = done.stderr.strip().splitlines()
    assert len(refusal) == 1 and "profile" in refusal[0] and "toaster" in refusal[0]
    calls = log(fake_dir)
    assert not any(c.startswith(("systemctl enable", "systemctl start")) for c in calls), calls


# ----- the battery handheld's power board (issue 30) ------------------------------------------------
def test_the_power_board_overlay_is_loaded_once_for_all_boards():
    from boot_config import apply_overlays

    text = "dtparam=i2c_arm=on\n[pi4]\narm_boost=1\n"
    new = apply_overlays(text, ["gpio-poweroff,gpiopin=9"])
    assert new.splitlines()[-2:] == ["# PitchPad (deploy/install.sh): the power board",
                                     "dtoverlay=gpio-poweroff,gpiopin=9"]
    assert "[all]" in new.splitlines()
    assert apply_overlays(new, ["gpio-poweroff,gpiopin=9"]) == new
    moved = apply_overlays("dtoverlay=gpio-poweroff,gpiopin=26  # old board\n", ["gpio-poweroff,gpiopin=9"])
    assert moved == "dtoverlay=gpio-poweroff,gpiopin=9  # old board\n"


def test_install_loads_gpio_poweroff_and_the_polkit_rule_for_a_battery_handheld(fake, tmp_path):
    fake_dir, root = fake
    config = tmp_path / "battery.toml"
    config.write_text((DEPLOY / "config" / "handheld.toml").read_text()
                      + "\n[power]\nbutton = 7\npoweroff_pin = 9\n")
    run(fake_dir, root, "install.sh", "--config", str(config))
    boot = (root / BOOT).read_text()
    assert "dtoverlay=gpio-poweroff,gpiopin=9" in boot.splitlines()
    rule = root / "etc" / "polkit-1" / "rules.d" / "50-pitchpad-poweroff.rules"
    assert rule.read_text() == (DEPLOY / "polkit" / "50-pitchpad-poweroff.rules").read_text()
    log(fake_dir)
    before = (root / BOOT).read_text()
    run(fake_dir, root, "install.sh", "--config", str(config))
    assert (root / BOOT).read_text() == before


def test_a_handheld_without_a_power_board_gets_no_overlay(fake):
    fake_dir, root = fake
    run(fake_dir, root, "install.sh")
    assert "gpio-poweroff" not in (root / BOOT).read_text()


def test_the_buzzer_pin_goes_to_the_pwm_with_its_overlay_once(fake):
    """The buzzer sounds on the kernel's PWM (outputs = "gpiod"): GPIO12 needs the pwm overlay.
    An [all] line loading it with other parameters is replaced; none is added twice."""
    fake_dir, root = fake
    boot = root / BOOT
    boot.write_text("dtparam=audio=on\ndtoverlay=pwm,pin=18,func=2\n[pi4]\narm_boost=1\n")
    out = run(fake_dir, root, "install.sh")
    text = boot.read_text()
    assert "dtoverlay=pwm,pin=12,func=4" in text and "pin=18" not in text and "reboot" in out
    run(fake_dir, root, "install.sh")
    assert boot.read_text() == text and text.count("dtoverlay=pwm") == 1


def test_apply_overlays_adds_under_all_after_a_conditional_section():
    from boot_config import apply_overlays

    new = apply_overlays("[pi4]\ndtoverlay=vc4-kms-v3d\n", ["pwm,pin=12,func=4"])
    assert new.splitlines()[-3:] == ["[all]", "# PitchPad (deploy/install.sh): the buzzer's PWM",
                                     "dtoverlay=pwm,pin=12,func=4"]
    assert apply_overlays(new, ["pwm,pin=12,func=4"]) == new
