"""Progress and time-left lines for long-running Python scripts, on stderr.

    progress = Progress(len(jobs), "built")
    for ...:
        progress.tick()          # a line at most every `every` seconds

A line reads "[120/1000 12%] built: 2m10s elapsed, about 15m50s left".
"""
import sys
import time


def duration(seconds):
    s = int(seconds)
    if s >= 3600:
        return f"{s // 3600}h{s % 3600 // 60:02d}m"
    if s >= 60:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s}s"


class Progress:
    def __init__(self, total, label="", every=30.0, stream=None):
        self.total, self.label, self.every = total, label, every
        self.stream = stream or sys.stderr
        self.done = 0
        self.start = self.last = time.monotonic()

    def line(self):
        elapsed = time.monotonic() - self.start
        left = "unknown"
        if self.done:
            left = "about " + duration(elapsed * (self.total - self.done)
                                       / self.done)
        pct = 100 * self.done // self.total if self.total else 0
        label = f"{self.label}: " if self.label else ""
        return (f"[{self.done}/{self.total} {pct}%] {label}"
                f"{duration(elapsed)} elapsed, {left} left")

    def tick(self, n=1):
        self.done += n
        now = time.monotonic()
        if now - self.last >= self.every or self.done >= self.total:
            self.last = now
            print(self.line(), file=self.stream, flush=True)
