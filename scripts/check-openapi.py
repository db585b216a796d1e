#!/usr/bin/env python3
"""Drives `madi serve` over HTTP (a conversation to a lead, every error the API documents) and
validates every request and every real response against docs/openapi.yaml with openapi-core.
Fails on a response whose status or body the document does not describe, and on a documented
operation this check never exercised."""
import json, os, sys, urllib.error, urllib.request
from openapi_core import OpenAPI
from openapi_core.testing import MockRequest, MockResponse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_helper import ROOT, Served

spec_path = os.path.join(ROOT, "docs/openapi.yaml")
api = OpenAPI.from_file_path(spec_path)
served = Served(sys.argv[1] if len(sys.argv) > 1 else None, extra=["--max-sessions", "3", "--max-body-bytes", "4096"])
seen = set()
checked = 0


def call(method, path, body=None, pattern=None, headers=None, raw=None, valid_request=True):
    global checked
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    h = {"Accept": "application/json", **(headers or {})}
    if data is not None:
        h.setdefault("Content-Type", "application/json")
    req = urllib.request.Request(served.base + path, data=data, method=method, headers=h)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            status, ctype, payload = r.status, r.headers.get("Content-Type", ""), r.read()
    except urllib.error.HTTPError as e:
        status, ctype, payload = e.code, e.headers.get("Content-Type", ""), e.read()
    mime = ctype.split(";")[0].strip()
    view_args = {"id": path.split("/")[3]} if pattern and "{id}" in pattern else None
    mreq = MockRequest(served.base, method.lower(), path, path_pattern=pattern or path, view_args=view_args, data=data,
                       content_type=h.get("Content-Type", "application/json"))
    if valid_request:
        api.validate_request(mreq)
    api.validate_response(mreq, MockResponse(payload, status_code=status, content_type=mime))
    seen.add((method, pattern or path, status))
    checked += 1
    return status, (json.loads(payload) if mime == "application/json" else payload.decode())


try:
    S = "/v1/sessions/{id}"
    M = "/v1/sessions/{id}/messages"
    assert call("GET", "/v1/hello")[1]["protocol"] == 1
    status, reply = call("POST", "/v1/sessions", {"id": 1, "language": "fr", "context": {"source": "openapi"}})
    assert status == 201, status
    sid = reply["session"]
    for text in ["oui", "automatiser", "de temps en temps", "freelance", "dès que possible"]:
        status, reply = call("POST", f"/v1/sessions/{sid}/messages", {"type": "say", "text": text}, pattern=M)
    assert reply["recommendation"]["course"] == "performer", reply
    call("POST", f"/v1/sessions/{sid}/messages", {"type": "choose", "option": "interested"}, pattern=M)
    call("POST", f"/v1/sessions/{sid}/messages", {"type": "say", "text": "openapi@atelier.fr"}, pattern=M)
    status, reply = call("POST", f"/v1/sessions/{sid}/messages", {"id": "c", "type": "choose", "option": "yes"}, pattern=M)
    assert reply["lead"] == "saved", reply
    call("POST", f"/v1/sessions/{sid}/messages", {"type": "command", "command": "language", "language": "en"}, pattern=M)
    assert call("GET", f"/v1/sessions/{sid}", pattern=S)[1]["language"] == "en"
    assert call("DELETE", f"/v1/sessions/{sid}", pattern=S)[1]["type"] == "ended"
    # Errors, each with the status the document gives it.
    assert call("GET", f"/v1/sessions/{sid}", pattern=S)[0] == 404
    assert call("DELETE", "/v1/sessions/ghost", pattern=S)[0] == 404
    assert call("POST", "/v1/sessions/ghost/messages", {"type": "say", "text": "x"}, pattern=M)[0] == 404
    assert call("POST", "/v1/sessions", raw=b"{nope", valid_request=False)[0] == 400
    assert call("POST", "/v1/sessions", {"language": "de"}, valid_request=False)[0] == 400
    assert call("POST", "/v1/sessions", raw=b" " * 5000 + b"{}", valid_request=False)[0] == 413
    assert call("POST", "/v1/sessions", raw=b"{}", headers={"Content-Type": "text/plain"}, valid_request=False)[0] == 415
    assert call("POST", "/v1/sessions", {"session": "dup"})[0] == 201
    assert call("POST", "/v1/sessions", {"session": "dup"})[0] == 409
    assert call("POST", "/v1/sessions/dup/messages", {"type": "dance"}, pattern=M, valid_request=False)[0] == 400
    call("POST", "/v1/sessions", {})
    call("POST", "/v1/sessions", {})
    assert call("POST", "/v1/sessions", {})[0] == 503
    assert call("GET", "/healthz")[0] == 200
    assert call("GET", "/readyz")[0] == 200
    status, text = call("GET", "/metrics")
    assert "madi_leads_saved_total 1" in text, text
    with urllib.request.urlopen(served.base + "/openapi.yaml") as r:
        assert r.read() == open(spec_path, "rb").read(), "the served document differs from docs/openapi.yaml"
    # Every documented operation was called.
    documented = {(m.upper(), p) for p, item in api.spec["paths"].items() for m in item.keys() if m in ("get", "post", "delete")}
    missing = documented - {(m, p) for m, p, _ in seen}
    assert not missing, f"operations never exercised: {sorted(missing)}"
    assert served.leads() == 1
finally:
    served.stop()
print(f"openapi: {checked} real responses match docs/openapi.yaml; 0 failed")
