#!/usr/bin/env python3
"""A load test of `madi serve` from a second process on loopback: N conversations at once, each on
its own keep-alive connection, each sending its next message as soon as its reply comes, through
to a durable lead. Prints requests per second, reply latency p50/p99, and the server's resident
size before and after (memory per session).

    scripts/load-http.py [--madi .build/release/madi] [--conversations 1000] [--rounds 3]
"""
import argparse, asyncio, json, os, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_helper import Served

PERSONA = ["oui", "automatiser", "de temps en temps", "freelance", "dès que possible", "je suis intéressé"]


def rss_kib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def call(reader, writer, method, path, body):
    data = json.dumps(body).encode() if body is not None else b""
    writer.write(f"{method} {path} HTTP/1.1\r\nHost: madi\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {len(data)}\r\n\r\n".encode() + data)
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    payload = await reader.readexactly(length)
    return status, payload


async def conversation(i, host, port, samples, errors, rounds):
    reader, writer = await asyncio.open_connection(host, port)
    try:
        for r in range(rounds):
            t0 = time.perf_counter()
            status, payload = await call(reader, writer, "POST", "/v1/sessions", {"language": "fr"})
            samples.append(time.perf_counter() - t0)
            if status != 201:
                errors.append(status); return
            sid = json.loads(payload)["session"]
            for text in PERSONA + [f"charge{i}.{r}@exemple-{i % 50}.fr", "oui"]:
                t0 = time.perf_counter()
                status, payload = await call(reader, writer, "POST", f"/v1/sessions/{sid}/messages", {"type": "say", "text": text})
                samples.append(time.perf_counter() - t0)
                if status != 200:
                    errors.append(status)
            if json.loads(payload).get("lead") != "saved":
                errors.append("no lead")
    finally:
        writer.close()


async def main(args):
    served = Served(args.madi, extra=["--max-sessions", str(args.conversations * args.rounds + 10),
                                      "--max-pending", "4096", "--no-session-store"] if args.no_store else
                    ["--max-sessions", str(args.conversations * args.rounds + 10), "--max-pending", "4096"])
    host, port = served.base.split("//")[1].split(":")
    before = rss_kib(served.proc.pid)
    samples, errors = [], []
    t0 = time.perf_counter()
    await asyncio.gather(*(conversation(i, host, int(port), samples, errors, args.rounds) for i in range(args.conversations)))
    elapsed = time.perf_counter() - t0
    after = rss_kib(served.proc.pid)
    leads = served.leads()
    served.stop()
    samples.sort()
    pct = lambda p: samples[min(len(samples) - 1, int(round((len(samples) - 1) * p)))] * 1000
    live = args.conversations * args.rounds
    print(json.dumps({
        "conversations_at_once": args.conversations, "requests": len(samples), "seconds": round(elapsed, 2),
        "requests_per_second": round(len(samples) / elapsed), "p50_ms": round(pct(0.5), 2), "p99_ms": round(pct(0.99), 2),
        "leads_saved": leads, "errors": len(errors), "live_sessions": live,
        "resident_mib_after": round(after / 1024, 1), "bytes_per_session": round((after - before) * 1024 / live),
    }))


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--madi")
    ap.add_argument("--conversations", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--no-store", action="store_true")
    asyncio.run(main(ap.parse_args()))
