"""``python -m hal.check_config FILE``: exit 0 when the loader takes the hardware config, else
its one-line error on stderr and exit 2. deploy/install.sh runs it with the installed venv
before it enables the service, so a config the service would refuse is never started."""
from __future__ import annotations

import sys

from hal.config import load_config
from hal.errors import ConfigError


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m hal.check_config FILE", file=sys.stderr)
        return 2
    try:
        load_config(args[0])
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
