#!/usr/bin/env python3
"""Plays a prospect in the web chat in headless Chromium (driven over the DevTools protocol):
keyboard and buttons through the questions, a side question answered by a streaming LLM, the
recommendation card, an e-mail and consent, then checks the lead is in the database, reloads
the page (the same conversation is drawn again), switches to English, and saves a screenshot (.build/web-chat.png)."""
import json, os, shutil, subprocess, sys, tempfile, time, urllib.request
import websocket

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_helper import ROOT, Served, streaming_llm

llm = streaming_llm(["Oui, ", "les groupes ", "sont petits ", "(huit personnes au plus)."], delay=0.1)
served = Served(sys.argv[1] if len(sys.argv) > 1 else None,
                extra=["--llm-url", f"http://127.0.0.1:{llm.server_port}/v1"], env={"MADI_LLM_API_KEY": "sk-test"})
profile = tempfile.mkdtemp(prefix="madi-chromium-")
browser_bin = shutil.which("chromium") or shutil.which("chromium-browser")
if not browser_bin:
    raise SystemExit("chromium is not installed (scripts/setup installs it)")
browser = subprocess.Popen([browser_bin, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                            "--remote-debugging-port=0", f"--user-data-dir={profile}", "--window-size=820,1300",
                            "--lang=fr-FR", "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_for(what, check, timeout=30):
    """Waits for `check()` to be true: the page's state, looked at again as it changes."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise SystemExit(f"timed out waiting for {what}")


port_file = os.path.join(profile, "DevToolsActivePort")
wait_for("chromium's DevTools port", lambda: os.path.exists(port_file) and open(port_file).read().strip())
port = open(port_file).read().split()[0]
targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json"))
page = next(t for t in targets if t["type"] == "page")
ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=30, suppress_origin=True)
counter = 0


def cdp(method, **params):
    global counter
    counter += 1
    ws.send(json.dumps({"id": counter, "method": method, "params": params}))
    while True:
        msg = json.loads(ws.recv())
        if msg.get("id") == counter:
            if "error" in msg:
                raise SystemExit(f"{method}: {msg['error']}")
            return msg.get("result", {})


def js(expr):
    r = cdp("Runtime.evaluate", expression=expr, returnByValue=True, awaitPromise=True)
    return r.get("result", {}).get("value")


def options():
    return js("[...document.querySelectorAll('#options button')].map(b => b.dataset.option)") or []


def bot_count():
    """Madi's messages once a reply is complete (none while a request is in flight)."""
    return js("document.getElementById('log').getAttribute('aria-busy') === 'true' ? -1 : "
              "document.querySelectorAll('#log .msg.bot:not(.streaming)').length")


def click(option):
    wait_for(f"option {option}", lambda: option in options())
    before = bot_count()
    js(f"document.querySelector('#options button[data-option=\"{option}\"]').click()")
    wait_for(f"the reply to {option}", lambda: bot_count() > before)


def press(key):
    before = bot_count()
    cdp("Input.dispatchKeyEvent", type="keyDown", key=key, text=key)
    cdp("Input.dispatchKeyEvent", type="keyUp", key=key)
    wait_for(f"the reply to key {key}", lambda: bot_count() > before)


def type_and_send(text):
    before = bot_count()
    js("document.getElementById('input').focus()")
    cdp("Input.insertText", text=text)
    cdp("Input.dispatchKeyEvent", type="keyDown", key="Enter", code="Enter", windowsVirtualKeyCode=13, text="\r")
    cdp("Input.dispatchKeyEvent", type="keyUp", key="Enter", code="Enter", windowsVirtualKeyCode=13)
    wait_for(f"the reply to {text!r}", lambda: bot_count() > before)


try:
    cdp("Page.enable")
    cdp("Runtime.enable")
    cdp("Page.navigate", url=served.base + "/?lang=fr")
    wait_for("the greeting and its options", lambda: options() == ["start", "browse"])
    # Records every streaming bubble the page shows.
    js("window.streamed = []; new MutationObserver(ms => ms.forEach(m => m.addedNodes.forEach(n => "
       "n.classList && n.classList.contains('streaming') && window.streamed.push(n)))).observe(document.getElementById('log'), {childList: true})")
    js("document.activeElement.blur()")                     # (digits in the text field are text)
    press("1")                                              # keyboard: the first option, "Oui, on y va !"
    type_and_send("je veux automatiser mon travail")        # goal, in words
    type_and_send("les groupes sont petits ?")              # a side question: the LLM's answer streams
    assert js("window.streamed.length") >= 1, "no streaming bubble was shown"
    texts = js("[...document.querySelectorAll('#log .msg.bot')].map(m => m.textContent)")
    assert any("huit personnes au plus" in t for t in texts), texts
    click(options()[1])                                     # usage, by its button
    type_and_send("freelance")                              # profile
    click(options()[0])                                     # when: as soon as possible
    wait_for("the recommendation card", lambda: js("document.querySelectorAll('#log .card').length") >= 1)
    card = js("document.querySelector('#log .card').textContent")
    assert "€" in card and "Performer" in card, card
    click("interested")
    assert js("document.getElementById('input').inputMode") == "email", "the e-mail step did not ask for an address"
    type_and_send("persona.web@atelier.fr")
    wait_for("the consent question", lambda: "yes" in options())
    click("yes")
    wait_for("the saved lead", lambda: js("document.querySelectorAll('#log .card.saved').length") == 1)
    assert served.leads() == 1, "the page said saved but the database holds no lead"
    # A reload draws the same conversation again: every bubble, the card, saved once.
    shown = js("[...document.querySelectorAll('#log > li')].map(m => m.className + '|' + m.textContent)")
    cdp("Page.reload")
    wait_for("the conversation drawn again", lambda: js("document.querySelectorAll('#log > li').length") == len(shown))
    again = js("[...document.querySelectorAll('#log > li')].map(m => m.className + '|' + m.textContent)")
    assert again == shown, (shown, again)
    assert js("document.querySelectorAll('#log .msg.ok').length") == 1, "saved said again after the reload"
    cdp("Emulation.setDeviceMetricsOverride", width=820, height=1300, deviceScaleFactor=1, mobile=False)
    shot = cdp("Page.captureScreenshot", format="png", captureBeyondViewport=True)["data"]
    os.makedirs(os.path.join(ROOT, ".build"), exist_ok=True)
    import base64
    with open(os.path.join(ROOT, ".build/web-chat.png"), "wb") as f:
        f.write(base64.b64decode(shot))
    # English: the button switches the page and the conversation.
    js("document.querySelector('button.lang[data-lang=\"en\"]').click()")
    wait_for("English", lambda: js("document.querySelector('.subtitle').textContent") == "Madinia's AI course coach")
    wait_for("the reply in English", lambda: js("document.documentElement.lang") == "en")
    pressed = js("getComputedStyle(document.querySelector('button.lang[aria-pressed=\"true\"]')).backgroundColor")
    assert pressed not in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"), f"the chosen language is not shown as chosen: {pressed}"
finally:
    ws.close() if 'ws' in dir() else None
    browser.kill()
    browser.wait()
    served.stop()
    llm.shutdown()
    shutil.rmtree(profile, ignore_errors=True)
print("web chat: a persona reached a saved lead in Chromium; screenshot .build/web-chat.png; 1 passed, 0 failed")
