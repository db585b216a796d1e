#!/usr/bin/env python3
"""Plays a conversation through `madi jsonl` and validates every request and response line
against docs/protocol.schema.json."""
import json, os, subprocess, sys, tempfile
import jsonschema

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_helper import streaming_llm

llm = streaming_llm(["Oui, ", "les groupes sont petits."])

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
madi = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build/debug/madi")
schema = json.load(open(os.path.join(root, "docs/protocol.schema.json")))
jsonschema.Draft202012Validator.check_schema(schema)
request = {"$ref": "#/$defs/request", "$defs": schema["$defs"]}
response = {"$ref": "#/$defs/response", "$defs": schema["$defs"]}

lines = [
    {"id": 1, "type": "hello"},
    {"id": "q1", "type": "start", "session": "asker", "language": "fr"},
    {"id": "q2", "type": "say", "session": "asker", "text": "les groupes sont petits ?"},
    {"id": 2, "type": "start", "language": "fr", "context": {"source": "schema-check"}},
    {"id": 3, "type": "say", "session": "s1", "text": "oui"},
    {"id": 4, "type": "say", "session": "s1", "text": "former mon équipe"},
    {"id": 5, "type": "say", "session": "s1", "text": "5 personnes, débutants"},
    {"id": 6, "type": "say", "session": "s1", "text": "combien ça coûte ?"},
    {"id": 7, "type": "choose", "session": "s1", "option": "soon"},
    {"id": 8, "type": "choose", "session": "s1", "option": "interested"},
    {"id": 9, "type": "say", "session": "s1", "text": "ACME"},
    {"id": 10, "type": "command", "session": "s1", "command": "language", "language": "en"},
    {"id": 11, "type": "say", "session": "s1", "text": "boss@acme.fr"},
    {"id": 12, "type": "say", "session": "s1", "text": "yes"},
    {"id": 13, "type": "state", "session": "s1"},
    {"id": 14, "type": "end", "session": "s1"},
    {"id": 15, "type": "say", "session": "s1", "text": "late"},
]
for l in lines:
    jsonschema.validate(l, request)
with tempfile.TemporaryDirectory() as d:
    raw = "\n".join(json.dumps(l) for l in lines) + "\nnot json\n"
    out = subprocess.run([madi, "jsonl", "--dialogues", os.path.join(root, "Dialogues"),
                          "--leads-db", os.path.join(d, "leads.sqlite"),
                          "--llm-url", f"http://127.0.0.1:{llm.server_address[1]}/v1"],
                         input=raw, capture_output=True, text=True, check=True).stdout
replies = [json.loads(l) for l in out.splitlines()]
for r in replies:
    jsonschema.validate(r, response)
deltas = [r for r in replies if r["type"] == "delta"]
assert [d["text"] for d in deltas] == ["Oui, ", "les groupes sont petits."], deltas
final = [r for r in replies if r["type"] != "delta"]
assert len(final) == len(lines) + 1, f"{len(final)} responses for {len(lines) + 1} requests"
assert any(r.get("lead") == "saved" for r in replies), "no lead saved"
print(f"protocol schema: {len(lines)} requests, {len(final)} responses and {len(deltas)} delta lines valid")
