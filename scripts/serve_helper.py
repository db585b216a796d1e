"""Helpers for the checks in scripts/: `madi serve` on a free loopback port, and a small
OpenAI-compatible endpoint that streams one answer."""
import json, os, re, subprocess, tempfile, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

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


def streaming_llm(pieces, delay=0.0):
    """Starts, on a free loopback port, an OpenAI-compatible endpoint that streams `pieces` as one
    answer (`delay` seconds apart); returns the server (its port: `server_port`)."""
    class StreamingLLM(BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Connection", "close")
            self.end_headers()
            for piece in pieces:
                self.wfile.write(b"data: " + json.dumps({"choices": [{"delta": {"content": piece}}]}).encode() + b"\n\n")
                self.wfile.flush()
                if delay:
                    time.sleep(delay)
            self.wfile.write(b"data: [DONE]\n\n")

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), StreamingLLM)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
