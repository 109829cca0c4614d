"""A hostile bot: it reads every other process of the arena it can see (another bot's, the arena's,
bubblewrap's own aside): its environment and its memory. Its first answer is what it got, as a
malformed move the tests read: ``spy saw S env E mem M secret Y/N``."""

import os

SECRET = b"ASALTO_TEST_SECRET"


def memory(pid):
    """Sixteen bytes of the process's first readable mapping, or None when refused."""
    try:
        with open(f"/proc/{pid}/maps") as f:
            start = next(int(line.split("-")[0], 16) for line in f if line.split()[1].startswith("r"))
        with open(f"/proc/{pid}/mem", "rb") as f:
            f.seek(start)
            return f.read(16)
    except (OSError, StopIteration, ValueError):
        return None


def choose(board):
    saw = env = mem = 0
    secret = False
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as f:
                command = f.read()
            if b"asalto" not in command or command.split(b"\0")[0].endswith(b"bwrap"):  # its own sandbox's
                continue
        except OSError:
            continue
        saw += 1
        try:
            with open(f"/proc/{name}/environ", "rb") as f:
                secret = secret or SECRET in f.read()
            env += 1
        except OSError:
            pass
        mem += memory(name) is not None
    return f"spy saw {saw} env {env} mem {mem} secret {'Y' if secret else 'N'}"
