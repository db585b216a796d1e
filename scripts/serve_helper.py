"""Starts `madi serve` on a free loopback port for the checks in scripts/ and stops it."""
import os, re, subprocess, tempfile, threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Served:
    def __init__(self, madi=None, extra=(), env=None):
        self.dir = tempfile.mkdtemp(prefix="madi-check-")
        self.db = os.path.join(self.dir, "leads.sqlite")
        self.madi = madi or os.path.join(ROOT, ".build/debug/madi")
        self.proc = subprocess.Popen(
            [self.madi, "serve", "--dialogues", os.path.join(ROOT, "Dialogues"), "--leads-db", self.db, "--port", "0",
             "--rate-limit", "0", *extra],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ, **(env or {})})
        self.stderr = []
        ready = threading.Event()
        self.base = None

        def read():
            for line in self.proc.stderr:
                text = line.decode("utf-8", "replace")
                self.stderr.append(text)
                m = re.search(r"serving HTTP on (http://127\.0\.0\.1:\d+)", text)
                if m and not self.base:
                    self.base = m.group(1)
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(120) or not self.base:
            self.proc.kill()
            raise SystemExit("madi serve did not start:\n" + "".join(self.stderr))

    def stop(self):
        self.proc.terminate()
        code = self.proc.wait(60)
        if code != 0:
            raise SystemExit(f"madi serve exited {code}:\n" + "".join(self.stderr[-20:]))

    def leads(self):
        out = subprocess.run([self.madi, "leads", "count", "--leads-db", self.db], capture_output=True, text=True, check=True)
        return int(out.stdout.strip())
