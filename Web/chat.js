// Madi's web chat: plain JavaScript over the HTTP API (docs/openapi.yaml). The session id and what
// the log shows are kept in this tab's storage, so a reload (or a restarted server) goes on with
// the same conversation, its bubbles and cards drawn again.
"use strict";
(() => {
  const log = document.getElementById("log");
  const optionsBox = document.getElementById("options");
  const form = document.getElementById("composer");
  const input = document.getElementById("input");
  const status = document.getElementById("status");
  const labels = {
    fr: { withdrawn: "Pré-inscription retirée", email: "ton.adresse@exemple.fr", text: "Écris ta réponse…", price: "Prix par personne", duration: "Durée", level: "Niveau",
          next: "Prochaine session", formats: "Format", saved: "Pré-inscription enregistrée",
          on_site: "sur place", remote: "à distance", error: "Madi ne répond pas, réessaie dans un instant.", options: "Réponses proposées" },
    en: { withdrawn: "Pre-registration withdrawn", email: "your.address@example.com", text: "Type your answer…", price: "Price per person", duration: "Duration", level: "Level",
          next: "Next session", formats: "Format", saved: "Pre-registration saved",
          on_site: "on site", remote: "remote", error: "Madi is not answering; try again in a moment.", options: "Suggested answers" },
  };
  let session = sessionStorage.getItem("madi.session");
  const asked = new URLSearchParams(location.search).get("lang");
  let language = (asked === "fr" || asked === "en") ? asked
    : sessionStorage.getItem("madi.language") || ((navigator.language || "fr").slice(0, 2) === "en" ? "en" : "fr");
  let busy = false;
  // What the log shows, as steps that draw it again after a reload (this tab only; the last 400
  // bubbles and cards), and the page's state beside them.
  let history = [];
  try { history = JSON.parse(sessionStorage.getItem("madi.history") || "[]"); } catch (e) { history = []; }
  function keep(step) {
    history.push(step);
    if (history.length > 400) history = history.slice(-400);
    try { sessionStorage.setItem("madi.history", JSON.stringify(history)); } catch (e) { /* full: the live page goes on */ }
  }
  function keepState() {
    try { sessionStorage.setItem("madi.state", JSON.stringify({ shownCourse, shownNext, savedSaid })); } catch (e) { /* the live page goes on */ }
  }
  function forget() { history = []; sessionStorage.removeItem("madi.history"); sessionStorage.removeItem("madi.state"); }

  function t(key) { return (labels[language] || labels.fr)[key]; }

  function setLanguage(lang) {
    language = lang;
    sessionStorage.setItem("madi.language", lang);
    document.documentElement.lang = lang;
    for (const b of document.querySelectorAll("button.lang")) b.setAttribute("aria-pressed", String(b.dataset.lang === lang));
    for (const el of document.querySelectorAll("[data-fr]")) el.textContent = el.dataset[lang];
    optionsBox.setAttribute("aria-label", t("options"));
  }

  function add(kind, text, transient) {
    if (!transient) keep({ k: kind, t: text });
    const li = document.createElement("li");
    li.className = "msg " + (kind === "ok" ? "bot ok" : kind);
    // (Madi's lines indent their second line for the terminal: not in a bubble. French puts a
    // space before ? ! : ; » and after «: a non-breaking one, so that the sign never starts a line.)
    li.textContent = kind === "me" ? text
      : text.replace(/\n[ \t]+/g, "\n").replace(/ ([?!:;»])/g, "\u00a0$1").replace(/« /g, "«\u00a0");
    log.appendChild(li);
    li.scrollIntoView({ block: "end" });
    return li;
  }

  function card(rec, saved) {
    keep({ k: "card", rec, saved });
    shownCourse = rec.course;
    shownNext = rec.facts.next_session;
    keepState();
    const f = rec.facts;
    const li = document.createElement("li");
    li.className = "card" + (saved ? " saved" : "");
    const h = document.createElement("h2");
    h.textContent = rec.name;
    li.appendChild(h);
    const dl = document.createElement("dl");
    const formats = (f.formats || []).map((x) => t(x) || x).join(" · ");
    for (const [k, v] of [["price", f.price_text], ["duration", f.duration], ["level", f.level], ["next", f.next_session_text], ["formats", formats]]) {
      if (!v) continue;
      const dt = document.createElement("dt"); dt.textContent = t(k);
      const dd = document.createElement("dd"); dd.textContent = v;
      dl.append(dt, dd);
    }
    li.appendChild(dl);
    // (Why this course is said in words just above: not listed again.)
    log.appendChild(li);
  }

  let shownCourse = null;
  let shownNext = null; // (a start moved to another month shows the card again, with its session)
  let savedSaid = false; // "✓ saved" is said once, again only after a withdrawal
  function markSaved(on) {
    keep({ k: "lead", on });
    if (on) { const cards = log.querySelectorAll(".card"); if (cards.length) cards[cards.length - 1].classList.add("saved"); }
    else {
      for (const c of log.querySelectorAll(".card.saved")) c.classList.remove("saved");
      for (const m of log.querySelectorAll(".msg.ok:not(.withdrawn)")) { m.classList.add("withdrawn"); m.textContent = t("withdrawn"); }
    }
  }
  function show(reply) {
    const first = log.children.length; // where this reply starts
    if (reply.language && reply.language !== language) setLanguage(reply.language);
    const messages = reply.messages || [];
    const rec = reply.recommendation;
    const saved = reply.lead === "saved" && !savedSaid;
    // A new recommendation's card comes before the question that closes the reply ("Ça te tente ?"),
    // and its facts are not said again in a bubble above it.
    const fresh = rec && (rec.course !== shownCourse || rec.facts.next_session !== shownNext);
    const before = fresh && reply.asked && messages.length > 1 ? messages.length - 1 : messages.length;
    const f = rec && rec.facts;
    const sayFacts = (m) => !(fresh && f && f.price_text && f.duration && m.includes(f.price_text) && m.includes(f.duration));
    for (const m of messages.slice(0, before)) if (sayFacts(m)) add("bot", m);
    let shownCard = null;
    if (fresh) { card(rec, reply.lead === "saved"); shownCard = log.lastElementChild; }
    for (const m of messages.slice(before)) add("bot", m);
    if (saved) { markSaved(true); add("ok", "✓ " + t("saved")); savedSaid = true; keepState(); }
    // (Withdrawn since: no card says saved any more; an address or a course being changed is not that.)
    if (reply.lead === "declined" && savedSaid) { markSaved(false); savedSaid = false; keepState(); }
    optionsBox.textContent = "";
    (reply.options || []).forEach((o, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.option = o.id;
      const k = document.createElement("kbd"); k.textContent = String(i + 1);
      b.append(k, document.createTextNode(o.label));
      b.addEventListener("click", () => send({ type: "choose", option: o.id }, o.label));
      optionsBox.appendChild(b);
    });
    // (Always text: "non merci" must go through at the e-mail question; Madi judges addresses.)
    const email = reply.step === "email";
    input.setAttribute("inputmode", email ? "email" : "text");
    input.setAttribute("autocomplete", email ? "email" : "off");
    input.placeholder = email ? t("email") : t("text");
    sessionStorage.setItem("madi.step", reply.step);
    input.focus();
    // The last bubble, the card and the options in view, above the composer; a reply taller than
    // the screen is shown from its card (the card, its question and the answers to tap), else from
    // its start (the rest is read by scrolling down).
    requestAnimationFrame(() => {
      const start = log.children[first];
      const end = optionsBox.lastElementChild || log.lastElementChild || log;
      const room = window.innerHeight - 190;
      if (start && end.getBoundingClientRect().bottom - start.getBoundingClientRect().top > room) {
        const from = shownCard && end.getBoundingClientRect().bottom - shownCard.getBoundingClientRect().top <= room ? shownCard : start;
        from.scrollIntoView({ block: "start" });
      } else {
        end.scrollIntoView({ block: "end" });
      }
    });
  }

  async function api(method, path, body, stream) {
    const headers = { "Content-Type": "application/json", Accept: stream ? "text/event-stream" : "application/json" };
    return fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  }

  async function start() {
    const r = await api("POST", "/v1/sessions", { type: "start", language, context: { source: "web" } });
    const reply = await r.json();
    if (!r.ok) throw new Error(reply.error ? reply.error.message : r.statusText);
    session = reply.session;
    sessionStorage.setItem("madi.session", session);
    log.textContent = "";
    shownCourse = null;
    shownNext = null;
    savedSaid = false;
    forget();
    show(reply);
  }

  // Draws the log again from the kept steps (each step keeps itself again as it is drawn).
  function redraw() {
    let st = {};
    try { st = JSON.parse(sessionStorage.getItem("madi.state") || "{}"); } catch (e) { /* drawn again as it was */ }
    const steps = history;
    history = [];
    for (const s of steps) {
      if (s.k === "card") card(s.rec, s.saved);
      else if (s.k === "lead") markSaved(s.on);
      else if (s.k === "bot" || s.k === "me" || s.k === "ok") add(s.k, s.t);
    }
    shownCourse = st.shownCourse || shownCourse;
    shownNext = st.shownNext || shownNext;
    savedSaid = !!st.savedSaid;
    keepState();
  }

  async function resume() {
    if (!session) return start();
    const r = await api("GET", "/v1/sessions/" + encodeURIComponent(session));
    if (r.status === 404) return start();
    const reply = await r.json();
    if (!r.ok) throw new Error(reply.error ? reply.error.message : r.statusText);
    redraw();
    show(reply);
  }

  // Reads Server-Sent Events: delta events grow a provisional bubble, then the reply (or error) comes.
  async function streamed(response) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "", bubble = null, final = null;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut); buffer = buffer.slice(cut + 2);
        const event = (block.match(/^event: (.*)$/m) || [])[1];
        const data = JSON.parse((block.match(/^data: (.*)$/m) || [])[1] || "null");
        if (event === "delta") {
          if (!bubble) { bubble = add("bot", "", true); bubble.classList.add("streaming"); }
          bubble.textContent += data.text;
        } else { final = data; }
      }
    }
    if (bubble) bubble.remove();
    return final;
  }

  async function send(body, shown) {
    if (busy) return;
    busy = true;
    log.setAttribute("aria-busy", "true");
    status.textContent = "";
    optionsBox.textContent = "";
    // (Kept for a reload once answered: a reload in flight leaves no question without its reply.)
    const mine = shown ? add("me", shown, true) : null;
    try {
      if (!session) await start();
      let r = await api("POST", "/v1/sessions/" + encodeURIComponent(session) + "/messages", body, true);
      let reply = (r.headers.get("Content-Type") || "").startsWith("text/event-stream") ? await streamed(r) : await r.json();
      if (reply && reply.type === "error" && reply.error.code === "unknown_session") {
        await start();
        r = await api("POST", "/v1/sessions/" + encodeURIComponent(session) + "/messages", body, true);
        reply = (r.headers.get("Content-Type") || "").startsWith("text/event-stream") ? await streamed(r) : await r.json();
      }
      if (!reply || reply.type === "error") throw new Error(reply ? reply.error.message : "no reply");
      if (mine) keep({ k: "me", t: shown });
      show(reply);
    } catch (e) {
      status.textContent = t("error");
    } finally {
      busy = false;
      log.setAttribute("aria-busy", "false");
    }
  }

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    input.value = "";
    send({ type: "say", text }, text);
  });
  // Keyboard: 1–9 pick an option when the focus is not in the text field ("1er trimestre" is
  // typed there; a lone "2" sent from it is read as the second option by Madi).
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || !/^[1-9]$/.test(e.key)) return;
    if (document.activeElement === input) return;
    const b = optionsBox.querySelectorAll("button")[Number(e.key) - 1];
    if (b) { e.preventDefault(); b.click(); }
  });
  for (const b of document.querySelectorAll("button.lang")) {
    b.addEventListener("click", () => {
      const lang = b.dataset.lang;
      setLanguage(lang);
      if (session) send({ type: "command", command: "language", language: lang }, null);
    });
  }
  document.getElementById("restart").addEventListener("click", () => {
    if (session) api("DELETE", "/v1/sessions/" + encodeURIComponent(session)).catch(() => {});
    session = null;
    sessionStorage.removeItem("madi.session");
    forget();
    start().catch(() => { status.textContent = t("error"); });
  });

  setLanguage(language);
  resume().catch(() => { status.textContent = t("error"); });
})();
