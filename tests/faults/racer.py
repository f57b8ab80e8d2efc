"""One of two real processes racing the same saved-games operation, for tests/faults/test_name_races.py.

``python tests/faults/racer.py MODE WHO TRIALS GO_DIR`` (data folder: $PARLOUR_HOME).  For each trial
``k`` it waits (spinning) for ``GO_DIR/k`` so that both processes start it at the same moment, then either
renames its own saved game ``t{k} {WHO}`` to ``same {k}`` (MODE ``rename``) or saves a new game as
``same {k}`` without agreeing to replace one (MODE ``save``), and prints ``{"k": k, "ok": bool}``.
"""

from __future__ import annotations

import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from saves import games, store  # noqa: E402


def main() -> int:
    mode, who, trials, go = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    for k in range(trials):
        while not os.path.exists(os.path.join(go, str(k))):
            time.sleep(0.0002)
        try:
            if mode == "rename":
                name = f"t{k} {who}"
                games.rename_save("acesup", games.SaveInfo(name, games.save_path("acesup", name), ""), f"same {k}")
            else:
                games.save_game("acesup", "Aces Up", f"same {k}", {"who": who}, replace=False)
            ok, error = True, ""
        except store.SaveError as err:
            ok, error = False, str(err)
        print(json.dumps({"k": k, "ok": ok, "error": error}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
