// The page of `mtg serve`: draws what the server sends (the player's own view, their
// log and their own decision) and sends back answers. The game is on the server.
"use strict";

const S = {
  ws: null,
  msg: null,        // the last "state" message
  log: [],          // the whole log as this player may read it
  sel: [],          // targets / objects chosen so far
  attack: {},       // attacker id -> defender ref
  blocks: [],       // [blocker, attacker] pairs
  blocker: null,    // the blocker waiting for its attacker
  attacker: null,   // the attacker whose defender a click on a player or planeswalker sets
  cards: {},        // card text by name (hover)
  decks: null,
};
const ME = () => (S.msg ? S.msg.view.viewer : 0);
const $ = (id) => document.getElementById(id);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

// ------------------------------------------------------------------ connection

function connect() {
  const sid = sessionStorage.getItem("mtg-session") || "";
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  S.ws = new WebSocket(`${proto}//${location.host}/ws?session=${encodeURIComponent(sid)}`);
  S.ws.onopen = () => send({ type: "hello" });
  S.ws.onmessage = (ev) => receive(JSON.parse(ev.data));
  S.ws.onclose = () => toast("Disconnected from the server", true);
}

function send(m) {
  S.ws.send(JSON.stringify(m));
}

function answer(fields) {
  const d = S.msg && S.msg.decision;
  send(Object.assign({ type: "answer", seq: d ? d.seq : null }, fields));
}

// how many answers the page has had (tests wait on it; harmless otherwise)
window.mtgReplies = 0;

function receive(m) {
  if (m.type !== "session") window.mtgReplies += 1;
  if (m.type === "session") {
    sessionStorage.setItem("mtg-session", m.id);
  } else if (m.type === "state") {
    clearTimeout(WATCH.timer);
    if (m.log_reset) S.log = [];
    S.log.push(...m.log);
    S.msg = m;
    S.sel = []; S.attack = {}; S.blocks = []; S.blocker = null; S.attacker = null;
    hidePopup();
    if (!$("modal").dataset.keep) closeModal();
    render();
    if (m.notice) toast(m.notice);
    if (m.warnings && m.warnings.length) showWarnings(m.warnings);
  } else if (m.type === "error") {
    toast(m.message, true);
  } else if (m.type === "saves") {
    showResume(m.names);
  } else if (m.type === "saved") {
    closeModal();
    toast(`Saved as “${m.name}”`);
  }
}

// ------------------------------------------------------------------ helpers

function allObjects() {
  const v = S.msg.view;
  const out = [...v.battlefield, ...v.stack, ...v.exile];
  for (const p of v.players) out.push(...(p.hand || []), ...p.graveyard, ...p.revealed);
  return out;
}

function objById(id) {
  return allObjects().find((o) => o.id === id);
}

function playerName(i) {
  return i === ME() && !S.msg.mode ? "You" : S.msg.view.players[i].name;
}

function nameOf(ref) {
  if (ref < 0) return playerName(-ref - 1);
  const o = objById(ref);
  if (o) return o.name || "a face-down permanent";
  const d = S.msg.decision;
  return (d && d.names[String(ref)]) || `#${ref}`;
}

function manaSymbols(cost) {
  const box = el("span", "ccost");
  if (!cost) return box;
  for (const m of cost.matchAll(/\{([^}]+)\}/g)) {
    const sym = m[1];
    const colour = /^[WUBRGC]$/.test(sym) ? sym : (sym.match(/[WUBRG]/) || ["N"])[0];
    box.append(el("span", `mana ${colour}`, sym.length > 2 ? sym[0] : sym));
  }
  return box;
}

const COLOUR_LETTER = { white: "W", blue: "U", black: "B", red: "R", green: "G" };

function colourClass(o) {
  const cs = (o.colors || []).map((c) => COLOUR_LETTER[c.toLowerCase()] || "");
  if ((o.types || []).includes("Land")) return "land";
  if (cs.length > 1) return "c-M";
  if (cs.length === 1) return `c-${cs[0]}`;
  return "";
}

function isCreature(o) { return (o.types || []).includes("Creature"); }
function isLand(o) { return (o.types || []).includes("Land"); }

// ------------------------------------------------------------------ drawing

// the opponents in seat order after you (CR 101.4: the turn order); with two or more
// it is a free-for-all (CR 806) and each gets a side of the table
function opponents() {
  const ps = S.msg.view.players;
  const me = ME();
  return ps.slice(me + 1).concat(ps.slice(0, me)).filter((p) => p.index !== me);
}

// the page's slot of a player: "0" is your side, 1, 2, ... the opponents' sides
function slot(index) {
  return index === ME() ? "0" : String(opponents().findIndex((p) => p.index === index) + 1);
}

function buildOpponentSides(n) {
  const box = $("opponents");
  if (box.children.length === n) return;
  box.innerHTML = "";
  for (let k = 1; k <= n; k++) {
    const side = el("section", "side opponent");
    side.id = `side-${k}`;
    const bar = el("div", "playerbar");
    bar.id = `player-${k}`;
    const bf = el("div", "battlefield");
    bf.id = `bf-${k}`;
    const split = el("div", "split");
    for (const [cls, id] of [["row lands", "lands"], ["row other", "other"]]) {
      const r = el("div", cls); r.id = `bf-${k}-${id}`; split.append(r);
    }
    const creatures = el("div", "row creatures");
    creatures.id = `bf-${k}-creatures`;
    bf.append(split, creatures);
    side.append(bar, bf);
    box.append(side);
  }
}

function render() {
  const v = S.msg.view;
  const me = ME();
  const opps = opponents();
  $("turninfo").textContent = `Turn ${v.turn} · ${S.msg.mode ? `${v.players[v.active].name}'s turn` : v.active === me ? "Your turn" : `${v.players[v.active].name}'s turn`}`;
  renderPhases();
  buildOpponentSides(opps.length);
  $("opponents").classList.toggle("multi", opps.length > 1);
  renderPlayer($("player-0"), v.players[me]);
  renderBattlefield(me, "0");
  opps.forEach((p, k) => {
    renderPlayer($(`player-${k + 1}`), p);
    renderBattlefield(p.index, String(k + 1));
  });
  renderStack();
  renderHand(v.players[me]);
  renderPrompt();
  renderLog();
  $("btn-undo").disabled = !S.msg.can_undo;
  $("btn-concede").disabled = !!v.outcome;
  // watching or judging: nothing of the player's to undo, save or concede
  for (const id of ["btn-undo", "btn-save", "btn-concede"]) $(id).classList.toggle("hidden", !!S.msg.mode);
  drawArrows();
}

// ------------------------------------------------------------------ arrows

function anchor(ref) {
  let node;
  // a player: the arrow points at their life total
  if (ref < 0) node = document.querySelector(`#player-${slot(-ref - 1)} .life`) || $(`player-${slot(-ref - 1)}`);
  else node = document.querySelector(`#table .card[data-id="${ref}"]`) || document.querySelector(`.stackitem[data-id="${ref}"]`);
  if (!node) return null;
  const r = node.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

// attackers to what they attack (red), blockers to what they block (blue), spells and
// abilities on the stack to their targets (orange); dashed while you are still choosing
function drawArrows() {
  const svg = $("arrows");
  svg.innerHTML = `<defs>${["att", "blk", "tgt"].map((k) => `<marker id="head-${k}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" class="${k}"/></marker>`).join("")}</defs>`;
  const v = S.msg.view;
  const lines = [];
  if (v.combat) {
    v.combat.attackers.forEach(([a, d]) => lines.push([a, d, "att", false]));
    v.combat.blockers.forEach(([b, a]) => lines.push([b, a, "blk", false]));
  }
  Object.entries(S.attack).forEach(([a, d]) => lines.push([Number(a), d, "att", true]));
  S.blocks.forEach(([b, a]) => lines.push([b, a, "blk", true]));
  for (const o of v.stack) for (const t of (o.targets || []).flat()) if (typeof t === "number") lines.push([o.id, t, "tgt", false]);
  for (const [from, to, k, dashed] of lines) {
    const p = anchor(from), q = anchor(to);
    if (!p || !q) continue;
    const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
    line.setAttribute("x1", p[0]); line.setAttribute("y1", p[1]);
    line.setAttribute("x2", q[0]); line.setAttribute("y2", q[1]);
    line.setAttribute("class", `arrow ${k}${dashed ? " dashed" : ""}`);
    line.setAttribute("marker-end", `url(#head-${k})`);
    svg.append(line);
  }
}
window.addEventListener("resize", () => S.msg && drawArrows());

function stepLabel(s) {
  return {
    upkeep: "Upkeep", draw: "Draw", precombat_main: "Main 1", beginning_of_combat: "Combat",
    declare_attackers: "Attackers", declare_blockers: "Blockers", first_strike_damage: "First strike",
    combat_damage: "Damage", end_of_combat: "End combat", postcombat_main: "Main 2", end: "End",
  }[s] || s;
}

function renderPhases() {
  const bar = $("phasebar");
  bar.innerHTML = "";
  const v = S.msg.view;
  const who = v.active === ME() ? "you" : "opponent";
  for (const s of S.msg.stop_steps) {
    const key = `${who}:${s}`;
    const p = el("div", "phase", stepLabel(s));
    p.dataset.step = s;
    if (s === v.step) p.classList.add("current");
    if (S.msg.settings.stops.includes(key)) p.classList.add("stop");
    p.title = `${S.msg.settings.stops.includes(key) ? "Clear" : "Set"} a stop at ${stepLabel(s)} on ${who === "you" ? "your" : "the opponent's"} turns`;
    if (!S.msg.mode) p.onclick = () => toggleStop(key);
    bar.append(p);
  }
}

function toggleStop(key) {
  const stops = new Set(S.msg.settings.stops);
  if (stops.has(key)) stops.delete(key); else stops.add(key);
  send({ type: "settings", stops: [...stops] });
}

function renderPlayer(box, p) {
  const v = S.msg.view;
  box.innerHTML = "";
  box.className = "playerbar" + (v.active === p.index ? " active" : "");
  box.dataset.ref = String(-p.index - 1);
  box.append(el("span", "pname", playerName(p.index)));
  const life = el("span", "life", p.life);
  life.id = p.index === ME() ? "life-you" : `life-opponent-${slot(p.index)}`;
  box.append(life);
  if (p.poison) box.append(el("span", "poison", `☠ ${p.poison} poison`));
  const backs = el("span", "backs");
  if (p.index !== ME() || S.msg.mode) for (let k = 0; k < Math.min(p.hand_size, 10); k++) backs.append(el("span", "cardback"));
  box.append(backs, el("span", "count", `Hand ${p.hand_size}`));
  box.append(el("span", "count", `Library ${p.library_size}`));
  const gy = el("button", "zonebtn", `Graveyard ${p.graveyard.length}`);
  gy.onclick = (ev) => { ev.stopPropagation(); showZone(`${playerName(p.index)}: graveyard`, p.graveyard); };
  box.append(gy);
  const ex = v.exile.filter((o) => o.owner === p.index);
  const exb = el("button", "zonebtn", `Exile ${ex.length}`);
  exb.onclick = (ev) => { ev.stopPropagation(); showZone(`${playerName(p.index)}: exile`, ex); };
  box.append(exb);
  if (p.hand && p.index !== ME()) box.append(el("span", "count", `Hand: ${p.hand.map((o) => o.name).join(", ") || "(empty)"}`));
  if (p.revealed.length) box.append(el("span", "count", `Revealed: ${p.revealed.map((o) => o.name).join(", ")}`));
  const pool = el("span", "manapool");
  "WUBRGC".split("").forEach((c, i) => {
    if (p.mana_pool[i]) {
      const e = el("span", "pool-entry");
      e.append(el("span", `mana ${c}`, c), document.createTextNode(`×${p.mana_pool[i]}`));
      pool.append(e);
    }
  });
  if (pool.children.length) box.append(el("span", "count", "Mana pool"), pool);
  if (candidateRefs().has(-p.index - 1)) box.classList.add("candidate");
  if (S.sel.includes(-p.index - 1)) box.classList.add("selected");
  box.onclick = () => clickRef(-p.index - 1);
}

function makeCard(o, where) {
  const c = el("div", "card " + colourClass(o));
  c.dataset.id = String(o.id);
  c.dataset.name = o.name || "";
  if (o.face_down && !o.name) {
    c.classList.add("facedown");
    c.append(el("div", "cname", "Face-down"));
    // CR 708.5: you may look at your own face-down permanents and spells
    if (o.face_up) { c.dataset.faceUp = o.face_up.name; c.append(el("div", "faceup", o.face_up.name)); }
  } else {
    c.append(el("div", "cname", o.name));
    c.append(manaSymbols(o.mana_cost));
    if (o.face_down) c.append(el("div", "badge", "face down"));
  }
  c.append(el("div", "ctype", [...(o.types || []), ...(o.subtypes && o.subtypes.length ? ["—", ...o.subtypes] : [])].join(" ")));
  if (o.power !== null && o.power !== undefined) {
    const pt = el("div", "pt" + (o.damage ? " hurt" : ""), `${o.power}/${o.toughness}`);
    c.append(pt);
  }
  const badges = el("div", "badges");
  if (o.damage) badges.append(el("span", "badge dmg", `${o.damage} dmg`));
  for (const [k, n] of Object.entries(o.counters || {})) badges.append(el("span", "badge ctr", `${n} ${k}`));
  if (o.summoning_sick && where === "bf") badges.append(el("span", "badge sick", "sick"));
  const combat = S.msg.view.combat;
  if (combat) {
    for (const [a, d] of combat.attackers) if (a === o.id) { badges.append(el("span", "badge att", `⚔ ${nameOf(d)}`)); c.classList.add("attacking"); }
    for (const [b, a] of combat.blockers) if (b === o.id) badges.append(el("span", "badge blk", `🛡 ${nameOf(a)}`));
  }
  if (o.attached_to !== null && o.attached_to !== undefined) badges.append(el("span", "badge", `on ${nameOf(o.attached_to)}`));
  if (badges.children.length) c.append(badges);
  if (o.tapped) c.classList.add("tapped");
  // what the decision lets you do with this card
  if (playable().has(o.id)) c.classList.add("playable");
  if (candidateRefs().has(o.id)) c.classList.add("candidate");
  if (S.sel.includes(o.id) || S.attack[o.id] !== undefined || S.blocker === o.id ||
      S.blocks.some(([b, a]) => b === o.id || a === o.id)) c.classList.add("selected");
  if (S.attack[o.id] !== undefined) {
    c.classList.add("attacking");
    badges.append(el("span", "badge att", `⚔ ${nameOf(S.attack[o.id])}`));
    if (!badges.parentNode) c.append(badges);
  }
  c.onmouseenter = () => preview(o);
  c.onclick = (ev) => { ev.stopPropagation(); clickCard(o, c, ev.ctrlKey || ev.metaKey); };
  return c;
}

function renderBattlefield(player, side) {
  const rows = { lands: $(`bf-${side}-lands`), creatures: $(`bf-${side}-creatures`), other: $(`bf-${side}-other`) };
  Object.values(rows).forEach((r) => (r.innerHTML = ""));
  const perms = S.msg.view.battlefield.filter((o) => o.controller === player && !o.phased_out);
  for (const o of perms) {
    const row = isCreature(o) ? rows.creatures : isLand(o) ? rows.lands : rows.other;
    const card = makeCard(o, "bf");
    const attached = perms.filter((x) => x.attached_to === o.id);
    for (const a of attached) card.append(el("div", "attached", `+ ${a.name || "face-down"}`));
    row.append(card);
  }
}

function renderStack() {
  const box = $("stack");
  box.innerHTML = "";
  for (const o of S.msg.view.stack) {
    const item = el("div", "stackitem");
    item.dataset.id = String(o.id);
    const label = o.kind === "spell" ? o.name : `${o.name} (${o.kind} ability)`;
    item.append(el("div", "", `${label}${o.controller === ME() ? " — yours" : ""}`));
    if (o.targets && o.targets.length) {
      const names = o.targets.flat().filter((t) => typeof t === "number").map(nameOf);
      item.append(el("div", "targets", `→ ${names.join(", ")}`));
    }
    if (candidateRefs().has(o.id)) item.classList.add("candidate");
    item.onmouseenter = () => preview(o);
    item.onclick = () => clickRef(o.id);
    box.append(item);
  }
}

function renderHand(p) {
  const box = $("hand");
  box.innerHTML = "";
  for (const o of p.hand || []) box.append(makeCard(o, "hand"));
  // cards you may play now from another zone (flashback, a card back from an Adventure,
  // "you may play it"): shown beside the hand, as Arena does, marked with their zone
  const can = playable();
  for (const [zone, cards] of [["graveyard", p.graveyard], ["exile", S.msg.view.exile]]) {
    for (const o of cards) {
      if (!can.has(o.id)) continue;
      const c = makeCard(o, "hand");
      c.classList.add("elsewhere");
      c.append(el("div", "fromzone", `from ${zone}`));
      box.append(c);
    }
  }
}

function renderLog() {
  const box = $("log");
  box.innerHTML = "";
  for (const e of S.log) {
    const line = el("div", "logline", e.text);
    for (const r of e.rules) {
      const a = el("span", "cite", r);
      a.dataset.rule = r;
      a.onclick = () => showRule(r);
      line.append(a);
    }
    box.append(line);
  }
  box.scrollTop = box.scrollHeight;
}

// ------------------------------------------------------------------ decisions

function decision() {
  return S.msg && S.msg.decision;
}

function playable() {
  const d = decision();
  const out = new Map();
  if (!d || d.kind !== "priority") return out;
  for (const o of d.options) {
    if (o.card === null || o.card === undefined) continue;
    if (!out.has(o.card)) out.set(o.card, []);
    out.get(o.card).push(o);
  }
  return out;
}

function candidateRefs() {
  const d = decision();
  const out = new Set();
  if (!d) return out;
  const c = d.data.candidates;
  if (d.kind === "targets" || d.kind === "choose_objects" || d.kind === "bottom") {
    (c || []).forEach((x) => out.add(x));
  } else if (d.kind === "attackers") {
    Object.keys(c || {}).forEach((x) => out.add(Number(x)));
    // CR 506.1, 508.1b: the player or planeswalker the chosen attacker attacks
    if (S.attacker !== null) (c[String(S.attacker)] || []).forEach((x) => out.add(x));
  } else if (d.kind === "blockers") {
    if (S.blocker !== null) (c[String(S.blocker)] || []).forEach((x) => out.add(x));
    else Object.keys(c || {}).forEach((x) => out.add(Number(x)));
  }
  return out;
}

// hold: Ctrl-click (as in Arena) keeps priority after casting, to respond to your own spell
function clickCard(o, node, hold) {
  const d = decision();
  if (!d) return;
  if (d.kind === "priority") {
    const opts = playable().get(o.id);
    if (!opts) return;
    // one option cast or played as the card's own face goes at once; another face (a
    // modal double-faced card's back, an Adventure) is named in the menu first
    if (opts.length === 1 && !opts[0].multikicker && !opts[0].face) answer(hold ? { i: opts[0].i, hold: true } : { i: opts[0].i });
    else showPopup(node, opts, hold);
    return;
  }
  clickRef(o.id);
}

function clickRef(ref) {
  const d = decision();
  if (!d) return;
  if (d.kind === "targets" || d.kind === "choose_objects" || d.kind === "bottom") {
    if (!candidateRefs().has(ref)) return;
    if (S.sel.includes(ref)) S.sel = S.sel.filter((x) => x !== ref);
    else S.sel.push(ref);
    if (d.kind === "targets" && d.data.max === 1 && d.data.min === 1) return answer({ targets: S.sel });
    return render();
  }
  if (d.kind === "attackers") {
    const c = d.data.candidates;
    // CR 508.1b: the attacker just chosen attacks the player or planeswalker clicked next
    if (S.attacker !== null && S.attack[S.attacker] !== undefined && ref !== S.attacker &&
        (c[String(S.attacker)] || []).includes(ref)) {
      S.attack[S.attacker] = ref;
      return render();
    }
    const defenders = c[String(ref)];
    if (!defenders) return;
    if (S.attack[ref] === undefined) S.attack[ref] = defenders[0];
    else {
      // several defenders (players, planeswalkers, battles): each click picks the next
      const k = defenders.indexOf(S.attack[ref]);
      if (k + 1 < defenders.length) S.attack[ref] = defenders[k + 1];
      else delete S.attack[ref];
    }
    S.attacker = S.attack[ref] === undefined ? null : ref;
    return render();
  }
  if (d.kind === "blockers") {
    const c = d.data.candidates;
    if (c[String(ref)]) {
      if (S.blocks.some(([b]) => b === ref)) { S.blocks = S.blocks.filter(([b]) => b !== ref); S.blocker = null; }
      else if (c[String(ref)].length === 1) S.blocks.push([ref, c[String(ref)][0]]);
      else S.blocker = S.blocker === ref ? null : ref;
      return render();
    }
    if (S.blocker !== null && (c[String(S.blocker)] || []).includes(ref)) {
      S.blocks.push([S.blocker, ref]);
      S.blocker = null;
      return render();
    }
  }
}

function button(label, onclick, cls) {
  const b = el("button", cls || "", label);
  b.onclick = onclick;
  return b;
}

function renderPrompt() {
  const text = $("prompt-text");
  const buttons = $("prompt-buttons");
  const box = $("prompt");
  text.innerHTML = "";
  buttons.innerHTML = "";
  box.classList.remove("yours");
  const v = S.msg.view;
  if (S.msg.mode === "judge") return renderJudge(text, buttons);
  if (S.msg.mode === "watch") return renderWatch(text, buttons);
  if (v.outcome) {
    const won = v.outcome.winner === ME();
    const t = el("span", "", v.outcome.winner === null ? "The game is a draw" : won ? "You win!" : "You lose");
    t.id = "gameover";
    text.append(t, el("div", "rule", v.outcome.reason));
    buttons.append(button("New game", showNewGame, "primary"));
    return;
  }
  const d = decision();
  if (!d) {
    text.textContent = "The opponent is thinking…";
    return;
  }
  box.classList.add("yours");
  const opts = d.options;
  const ruleSpan = el("span", "cite rule", d.rule);
  ruleSpan.onclick = () => showRule(d.rule);
  const say = (s) => { text.append(el("span", "", s + " "), ruleSpan); };
  if (d.kind === "priority") {
    const pass = opts.find((o) => o.type === "PassPriority");
    const n = playable().size;
    say(v.stack.length ? `${v.stack[0].name} is on the stack: respond, or let it resolve.`
      : n ? `${stepLabel(v.step)}: play a highlighted card, or pass.` : `${stepLabel(v.step)}.`);
    for (const o of opts) if (o.card === null && o.type !== "PassPriority") buttons.append(button(o.label, () => answer({ i: o.i })));
    const holding = S.msg.settings.hold_priority;
    const hold = button(holding ? "Holding priority" : "Hold priority", () => send({ type: "settings", hold_priority: !holding }), holding ? "toggle on" : "toggle");
    hold.id = "btn-hold";
    hold.title = "Keep priority after you cast a spell, to respond to it yourself (or Ctrl-click the card once)";
    buttons.append(hold);
    if (pass) {
      const b = button(v.stack.length ? "Resolve" : "Pass", () => answer({ i: pass.i }), "primary");
      b.id = "btn-pass";
      buttons.append(b);
    }
    return;
  }
  if (d.kind === "x") {
    // CR 107.3, 601.2b: X is announced; the page offers only what can be paid
    say(`${d.prompt} (${d.data.min}–${d.data.max}):`);
    const inp = el("input"); inp.id = "x-input"; inp.type = "number";
    inp.min = String(d.data.min); inp.max = String(d.data.max); inp.value = String(d.data.max);
    const ok = button("Cast", () => answer({ number: Number(inp.value) }), "primary");
    ok.id = "btn-x";
    const check = () => {
      const n = Number(inp.value);
      ok.disabled = !(Number.isInteger(n) && n >= d.data.min && n <= d.data.max);
      ok.textContent = ok.disabled ? "Cast" : `Cast with X = ${n}`;
    };
    inp.oninput = check;
    inp.onkeydown = (ev) => { if (ev.key === "Enter" && !ok.disabled) ok.click(); };
    check();
    buttons.append(inp, ok);
    return;
  }
  if (d.kind === "targets") {
    say(`${d.prompt}: click ${d.data.max === 1 ? "a target" : "the targets"} (highlighted).`);
    // a target in a graveyard, exile or a library isn't on the table: its cards are shown
    const away = (d.data.candidates || []).filter((x) => x >= 0 && !onTable(x));
    if (away.length) buttons.append(button("Show the cards", () => showChooser(d, away)));
    if (!(d.data.max === 1 && d.data.min === 1)) {
      const ok = S.sel.length >= d.data.min && S.sel.length <= d.data.max;
      const b = button(`Done (${S.sel.length})`, () => answer({ targets: S.sel }), "primary");
      b.id = "btn-done"; b.disabled = !ok;
      buttons.append(b);
    }
    if (away.length && !S.sel.length) showChooser(d, away);
  } else if (d.kind === "attackers") {
    const n = Object.keys(S.attack).length;
    const choice = Object.values(d.data.candidates || {}).some((ds) => ds.length > 1);
    say(choice ? `Declare attackers: click a creature of yours, then the player or planeswalker it attacks (${n} chosen).`
      : `Declare attackers: click your creatures to attack (${n} chosen).`);
    const b = button(n ? `Attack with ${n}` : "No attack", () => answer({ attackers: Object.entries(S.attack).map(([a, t]) => [Number(a), t]) }), "primary");
    b.id = "btn-done";
    buttons.append(b);
  } else if (d.kind === "blockers") {
    say(S.blocker !== null ? `Now click the attacker ${nameOf(S.blocker)} blocks.`
      : `Declare blockers: click a creature of yours, then the attacker it blocks (${S.blocks.length} ${S.blocks.length === 1 ? "block" : "blocks"} chosen).`);
    const b = button(S.blocks.length ? `Block (${S.blocks.length})` : "No blocks", () => answer({ blockers: S.blocks }), "primary");
    b.id = "btn-done";
    buttons.append(b);
  } else if ((d.kind === "choose_objects" || d.kind === "bottom") && d.data.candidates) {
    say(`${d.prompt} (choose ${d.data.min === d.data.max ? d.data.min : `${d.data.min}–${d.data.max}`}).`);
    const onBoard = d.data.candidates.every((x) => objById(x));
    if (!onBoard) buttons.append(button("Show the cards", () => showChooser(d)));
    const b = button(`Done (${S.sel.length})`, () => answer({ objects: S.sel }), "primary");
    b.id = "btn-done"; b.disabled = S.sel.length < d.data.min || S.sel.length > d.data.max;
    buttons.append(b);
    if (!onBoard) showChooser(d);
    return;
  } else if (d.kind === "assign_damage" || d.kind === "divide") {
    say(d.prompt + ".");
    buttons.append(button("Assign…", () => showDivide(d), "primary"));
    showDivide(d);
    return;
  } else {
    say(d.prompt + ".");
    if (opts.length <= 4) {
      for (const o of opts) buttons.append(button(o.label, () => answer({ i: o.i }), "primary option"));
      return;
    }
    buttons.append(button("Choose…", () => showOptions(d), "primary"));
    showOptions(d);
    return;
  }
  if (opts.length) buttons.append(button("All options…", () => showOptions(d)));
}

// ------------------------------------------------------------------ watching and judging

const WATCH = { paused: false, delay: 600, timer: null };

function renderWatch(text, buttons) {
  const v = S.msg.view;
  clearTimeout(WATCH.timer);
  if (v.outcome) {
    const w = v.outcome.winner;
    text.append(el("span", "", `Game over: ${w === null ? "a draw" : `${v.players[w].name} wins`} (${v.outcome.reason}).`));
    buttons.append(button("New game", showNewGame, "primary"));
    return;
  }
  const table = v.players.length > 2 ? `a free-for-all of ${v.players.length} AIs` : "AI vs AI";
  text.append(el("span", "", `Watching ${table} (from ${v.players[0].name}'s seat).`));
  const speed = el("select"); speed.id = "watch-speed";
  for (const [label, ms] of [["Slow", 1500], ["Normal", 600], ["Fast", 150], ["Fastest", 20]]) {
    const o = el("option", "", label); o.value = String(ms); if (ms === WATCH.delay) o.selected = true; speed.append(o);
  }
  speed.onchange = () => { WATCH.delay = Number(speed.value); render(); };
  const pause = button(WATCH.paused ? "Play" : "Pause", () => { WATCH.paused = !WATCH.paused; render(); }, "primary");
  pause.id = "btn-pause";
  buttons.append(speed, pause, button("Step", () => send({ type: "watch_step", n: 1 })));
  if (!WATCH.paused) WATCH.timer = setTimeout(() => send({ type: "watch_step", n: 1 }), WATCH.delay);
}

function renderJudge(text, buttons) {
  const j = S.msg.judge;
  const head = el("div", "", `Judge's view · ${j.scenario} · ${j.passed ? "passes" : "FAILS"}`);
  text.append(head);
  if (j.at < j.count) {
    const line = el("div", "");
    line.id = "judge-step";
    line.append(document.createTextNode(`Decision ${j.at + 1} of ${j.count}: ${j.who} — ${j.prompt} → ${j.answer}`));
    const r = el("span", "cite", j.rule); r.onclick = () => showRule(j.rule);
    line.append(r);
    text.append(line);
  } else {
    const end = el("div", "", `After the last decision (${j.count}).${j.failures.length ? " Failures: " + j.failures.join("; ") : ""}`);
    end.id = "judge-step";
    text.append(end);
  }
  if (j.scenarios.length > 1 && S.judgeText) {
    // another scenario of the same file
    const pick = el("select"); pick.id = "judge-scenario";
    j.scenarios.forEach((name, k) => { const o = el("option", "", name); o.value = String(k); if (k === j.index) o.selected = true; pick.append(o); });
    pick.onchange = () => send({ type: "judge", scenario: S.judgeText, index: Number(pick.value) });
    buttons.append(pick);
  }
  const go = (k) => send({ type: "judge_goto", k });
  const b = (label, k, id) => { const x = button(label, () => go(k)); x.id = id; x.disabled = k < 0 || k > j.count || k === j.at; return x; };
  buttons.append(b("« First", 0, "judge-first"), b("◀ Back", j.at - 1, "judge-back"), b("Forward ▶", j.at + 1, "judge-forward"), b("Last »", j.count, "judge-last"));
}

// ------------------------------------------------------------------ popups and dialogs

function showPopup(node, opts, hold) {
  const pop = $("menu-pop");
  pop.innerHTML = "";
  const go = (fields) => { hidePopup(); answer(hold ? Object.assign(fields, { hold: true }) : fields); };
  for (const o of opts) {
    pop.append(button(o.label, () => go({ i: o.i })));
    const mk = o.multikicker;
    if (mk && mk.max > 0) {
      // CR 702.33c: multikicker, paid any number of times (as many as the mana allows)
      const row = el("div", "multikick");
      const n = el("input"); n.type = "number"; n.id = "multikick-n";
      n.min = "1"; n.max = String(mk.max); n.value = String(mk.max);
      const kick = (k) => Array.from({ length: mk.index + 1 }, (_, j) => (j === mk.index ? k : 0));
      const b = button(`with multikicker ${mk.cost} × ${mk.max}`, () => go({ i: o.i, kicker: kick(Number(n.value)) }));
      b.id = "btn-multikick";
      n.oninput = () => {
        const k = Number(n.value);
        b.disabled = !(Number.isInteger(k) && k >= 1 && k <= mk.max);
        b.textContent = `with multikicker ${mk.cost} × ${n.value}`;
      };
      n.onclick = (ev) => ev.stopPropagation();
      row.append(n, b);
      pop.append(row);
    }
  }
  pop.append(button("Cancel", hidePopup));
  const r = node.getBoundingClientRect();
  pop.style.left = `${Math.max(4, r.left)}px`;
  pop.style.top = `${Math.max(4, r.top - 10 - 34 * (pop.children.length))}px`;
  pop.classList.remove("hidden");
}

function hidePopup() { $("menu-pop").classList.add("hidden"); }

function openModal(title, keep) {
  const body = $("modal-body");
  body.innerHTML = "";
  if (title) body.append(el("h2", "", title));
  $("modal").classList.remove("hidden");
  if (keep) $("modal").dataset.keep = "1"; else delete $("modal").dataset.keep;
  return body;
}

function closeModal() {
  $("modal").classList.add("hidden");
  delete $("modal").dataset.keep;
}

function showOptions(d) {
  const body = openModal(d.prompt);
  const list = el("div", "options");
  for (const o of d.options) list.append(button(o.label, () => { closeModal(); answer({ i: o.i }); }, "option"));
  body.append(list);
}

// is the object drawn on the table (a permanent, a spell or ability, a card in your hand)?
function onTable(ref) {
  const v = S.msg.view;
  return [...v.battlefield, ...v.stack, ...(v.players[ME()].hand || [])].some((o) => o.id === ref);
}

// the cards a choice or a target offers, in a dialog (``refs``: only these)
function showChooser(d, refs) {
  const body = openModal(d.prompt);
  const list = el("div", "zonecards");
  const key = d.kind === "targets" ? "targets" : "objects";
  const one = d.kind === "targets" && d.data.min === 1 && d.data.max === 1;
  for (const ref of refs || d.data.candidates) {
    const o = objById(ref) || { id: ref, name: nameOf(ref), types: [] };
    const card = makeCard(o, "choice");
    card.classList.add("candidate");
    if (o.zone && o.zone !== "battlefield") card.append(el("div", "fromzone", o.zone));
    if (S.sel.includes(ref)) card.classList.add("selected");
    card.onclick = () => {
      if (one) { closeModal(); answer({ targets: [ref] }); return; }
      if (S.sel.includes(ref)) S.sel = S.sel.filter((x) => x !== ref); else S.sel.push(ref);
      card.classList.toggle("selected");
      done.disabled = S.sel.length < d.data.min || S.sel.length > d.data.max;
      done.textContent = `Done (${S.sel.length})`;
    };
    list.append(card);
  }
  const done = button(`Done (${S.sel.length})`, () => { closeModal(); answer({ [key]: S.sel }); }, "primary");
  if (one) { body.append(list); return; }
  done.disabled = S.sel.length < d.data.min || S.sel.length > d.data.max;
  body.append(list, el("p"), done);
}

function showDivide(d) {
  const body = openModal(d.prompt);
  const refs = d.kind === "assign_damage" ? d.data.recipients : d.data.targets;
  const total = d.kind === "assign_damage" ? d.data.power : d.data.total;
  body.append(el("p", "", `Divide ${total} among:`));
  const inputs = [];
  refs.forEach((ref, k) => {
    const f = el("div", "field");
    const lethal = d.data.lethal ? d.data.lethal[String(ref)] : undefined;
    f.append(el("label", "", nameOf(ref) + (ref >= 0 ? ` #${ref}` : "") + (lethal !== undefined ? ` (lethal: ${lethal})` : "")));
    const inp = el("input");
    inp.type = "number"; inp.min = "0"; inp.max = String(total);
    inp.value = String(k === 0 ? total : 0);
    f.append(inp);
    inputs.push([ref, inp]);
    body.append(f);
  });
  const key = d.kind === "assign_damage" ? "assignment" : "division";
  body.append(button("Assign", () => {
    const pairs = inputs.map(([r, i]) => [r, Number(i.value) || 0]).filter(([, n]) => n > 0);
    closeModal();
    answer({ [key]: pairs });
  }, "primary"));
  if (d.options.length) {
    body.append(el("h2", "", "Or one of these"));
    const list = el("div", "options");
    for (const o of d.options.slice(0, 30)) list.append(button(o.label, () => { closeModal(); answer({ i: o.i }); }, "option"));
    body.append(list);
  }
}

function showZone(title, cards) {
  const body = openModal(title, true);
  const list = el("div", "zonecards");
  if (!cards.length) list.append(el("div", "count", "(empty)"));
  for (const o of cards) list.append(makeCard(o, "zone"));
  body.append(list);
}

async function showRule(number) {
  const body = openModal(`Rule ${number}`, true);
  const r = await fetch(`/api/rule/${encodeURIComponent(number)}`).then((x) => x.json());
  const box = el("div", "rulebox");
  if (r.error) box.append(el("p", "", r.error));
  else {
    const p = el("p");
    p.append(el("span", "rnum", r.number), document.createTextNode(r.text));
    box.append(p);
    for (const ex of r.examples || []) box.append(el("p", "example", ex));
    for (const s of r.subrules || []) {
      const sp = el("p");
      sp.append(el("span", "rnum", s.number), document.createTextNode(s.text));
      box.append(sp);
    }
    box.append(el("p", "example", r.version));
  }
  body.append(box);
}

async function preview(o) {
  const box = $("preview");
  const facedown = [el("h3", "", "Face-down permanent"), el("div", "tl", "A 2/2 creature with no name, text or types (CR 708.2)")];
  if (!o.name && !o.face_up) {
    box.innerHTML = "";
    box.append(...facedown);
    return;
  }
  const name = o.name || o.face_up.name;  // your own face-down card: what it is (CR 708.5)
  let info = S.cards[name];
  if (!info) {
    const r = await fetch(`/api/card?name=${encodeURIComponent(name)}`);
    info = r.ok ? await r.json() : { faces: [] };
    S.cards[name] = info;
  }
  box.innerHTML = "";
  if (!o.name) box.append(...facedown, el("div", "tl", "Face up it is:"));
  for (const f of info.faces) {
    const h = el("h3", "", f.name + " ");
    h.append(manaSymbols(f.mana_cost));
    h.lastChild.className = "";
    box.append(h, el("div", "tl", f.type_line + (f.power !== null ? ` · ${f.power}/${f.toughness}` : "") + (f.loyalty ? ` · loyalty ${f.loyalty}` : "")));
    box.append(el("div", "otext", f.text || "(no text)"));
    const ul = el("ul", "compiled");
    ul.append(el("b", "", "The engine compiled:"));
    for (const a of f.compiled) {
      const li = el("li", a.runs ? "" : "missing",
        `[${a.keyword || a.kind}] ${a.text || ""}${a.effects.length ? ` → ${a.effects.join(", ")}` : ""}${a.runs ? "" : ` (not run yet: ${a.missing.join(", ")})`}`);
      ul.append(li);
    }
    for (const u of f.unparsed) ul.append(el("li", "missing", `does not compile: ${u}`));
    if (!f.compiled.length && !f.unparsed.length) ul.append(el("li", "", "(no abilities)"));
    box.append(ul);
  }
  if (o.zone === "battlefield" && o.power !== null && o.power !== undefined) {
    box.append(el("div", "tl", `Now: ${o.power}/${o.toughness}${(o.keywords || []).length ? " · " + o.keywords.join(", ") : ""}`));
  }
}

// ------------------------------------------------------------------ menus

async function showNewGame() {
  if (!S.decks) S.decks = await fetch("/api/decks").then((r) => r.json());
  const body = openModal("New game", true);
  const deckSel = (id, value, aiPicks) => {
    const s = el("select"); s.id = id;
    const names = aiPicks ? ["random", ...S.decks.decks] : S.decks.decks;
    for (const n of names) {
      const o = el("option", "", n === "random" ? "the AI picks one" : n); o.value = n;
      if (n === value) o.selected = true;
      s.append(o);
    }
    return s;
  };
  const field = (label, input) => { const f = el("div", "field"); f.append(el("label", "", label), input); body.append(f); };
  // a deck list pasted or read from a file (MTG Arena / MTGO text, or an MTGO .dek)
  const pasted = (id, label, placeholder) => {
    const paste = el("textarea"); paste.id = id; paste.rows = 3; paste.cols = 34; paste.placeholder = placeholder;
    const upload = el("input"); upload.type = "file"; upload.accept = ".txt,.dek"; upload.id = `${id}-file`;
    upload.onchange = async () => { if (upload.files.length) paste.value = await upload.files[0].text(); };
    const box = el("div", "pasted"); box.append(paste, upload);
    field(label, box);
    return paste;
  };
  field("Your deck", deckSel("new-deck", S.decks.deck, false));
  const paste = pasted("new-deck-text", "Or paste yours", "4 Lightning Bolt\n20 Mountain\n... (MTG Arena / MTGO text)");
  field("Opponent's deck", deckSel("new-opp", S.decks.opponent_deck, true));
  const oppPaste = pasted("new-opp-text", "Or paste theirs", "the AI's deck, in the same formats");
  const ai = el("select"); ai.id = "new-ai";
  for (const n of ["easy", "medium", "hard", "random", "heuristic"]) { const o = el("option", "", n); o.value = n; ai.append(o); }
  ai.value = S.msg ? S.msg.ai : S.decks.ai;
  field("Opponent (AI)", ai);
  // two or more opponents: a free-for-all (CR 806), each with the opponent's deck
  const opp = el("select"); opp.id = "new-opponents";
  for (let n = 1; n <= S.decks.max_opponents; n++) {
    const o = el("option", "", n === 1 ? "1 (a duel)" : `${n} (free-for-all)`); o.value = String(n); opp.append(o);
  }
  opp.value = String(S.msg && !S.msg.mode ? S.msg.view.players.length - 1 : S.decks.opponents);
  field("Opponents", opp);
  const seed = el("input"); seed.id = "new-seed"; seed.type = "number"; seed.placeholder = "random";
  field("Seed", seed);
  const scen = el("input"); scen.type = "file"; scen.id = "new-scenario"; scen.accept = ".yaml,.yml";
  field("Or start from a scenario", scen);
  // a scenario file may hold several scenarios: which one (the judge's view can switch)
  const scenNo = el("input"); scenNo.type = "number"; scenNo.id = "new-scenario-number"; scenNo.min = "1"; scenNo.value = "1";
  field("Scenario number in the file", scenNo);
  const scenIndex = () => Math.max(0, (Number(scenNo.value) || 1) - 1);
  body.append(button("Watch AI vs AI", () => {
    // the Opponents choice sets the table: 1 is a duel of two AIs, 2 or more a free-for-all
    const m = { type: "watch", deck: $("new-deck").value, opponent_deck: $("new-opp").value, ais: [ai.value], players: Number(opp.value) + 1, deck_text: paste.value, opponent_deck_text: oppPaste.value };
    if (seed.value !== "") m.seed = Number(seed.value);
    closeModal();
    send(m);
  }));
  body.append(button("Open the scenario in the judge's view", async () => {
    if (!scen.files.length) return toast("Choose a scenario file first", true);
    S.judgeText = await scen.files[0].text();
    closeModal();
    send({ type: "judge", scenario: S.judgeText, index: scenIndex() });
  }));
  body.append(button("Start", async () => {
    const m = { type: "new_game", deck: $("new-deck").value, opponent_deck: $("new-opp").value, ai: ai.value, deck_text: paste.value, opponent_deck_text: oppPaste.value, opponents: Number(opp.value) };
    if (seed.value !== "") m.seed = Number(seed.value);
    if (scen.files.length) { m.scenario = await scen.files[0].text(); m.index = scenIndex(); }
    closeModal();
    send(m);
  }, "primary"));
}

// what the player should know about the decks before playing (sent once, at the start)
function showWarnings(lines) {
  const body = openModal("Before you play", true);
  const list = el("ul", "warnings");
  list.id = "deck-warnings";
  for (const w of lines) list.append(el("li", "", w));
  body.append(list, button("Play", closeModal, "primary"));
}

function showSave() {
  const body = openModal("Save the game", true);
  const inp = el("input"); inp.id = "save-name"; inp.value = `game-turn-${S.msg.view.turn}`;
  const f = el("div", "field"); f.append(el("label", "", "Name"), inp); body.append(f);
  body.append(el("p", "count", "The game is saved on the server (it holds every hidden card)."));
  body.append(button("Save", () => send({ type: "save", name: inp.value }), "primary"));
}

function showResume(names) {
  const body = openModal("Resume a saved game", true);
  const list = el("div", "options");
  if (!names.length) list.append(el("div", "count", "No saved games yet."));
  for (const n of names) list.append(button(n, () => { closeModal(); send({ type: "load", name: n }); }, "option"));
  body.append(list);
}

function showSettings() {
  const body = openModal("Settings", true);
  body.append(el("p", "count", "Stops: the game stops for you at these steps; elsewhere it passes for you. It always stops when a choice is yours, and when the opponent puts something on the stack that you can respond to (or always, with the setting below)."));
  const st = S.msg.settings;
  const boxes = [];
  const cols = el("div", "stopcols");  // your turns and the opponent's side by side
  for (const who of ["you", "opponent"]) {
    const col = el("div", "stopcol");
    col.append(el("h2", "", who === "you" ? "Your turns" : "Opponent's turns"));
    for (const s of S.msg.stop_steps) {
      const f = el("div", "field");
      const cb = el("input"); cb.type = "checkbox"; cb.checked = st.stops.includes(`${who}:${s}`);
      cb.dataset.stop = `${who}:${s}`;
      boxes.push(cb);
      f.append(cb, el("label", "", stepLabel(s)));
      col.append(f);
    }
    cols.append(col);
  }
  body.append(cols);
  const undo = el("input"); undo.type = "checkbox"; undo.checked = st.allow_undo; undo.id = "allow-undo";
  const f = el("div", "field"); f.append(undo, el("label", "", "Allow undo")); body.append(f);
  const every = el("input"); every.type = "checkbox"; every.checked = st.stop_on_stack; every.id = "stop-on-stack";
  const g = el("div", "field"); g.append(every, el("label", "", "Stop for every opponent's spell or ability, even when I can't respond")); body.append(g);
  body.append(button("Apply", () => {
    closeModal();
    send({ type: "settings", stops: boxes.filter((b) => b.checked).map((b) => b.dataset.stop), allow_undo: undo.checked, stop_on_stack: every.checked });
  }, "primary"));
}

let toastTimer = null;
function toast(text, bad) {
  const t = $("toast");
  t.textContent = text;
  t.style.background = bad ? "#8a2b22" : "#2b6a3a";
  t.classList.remove("hidden");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => t.classList.add("hidden"), 3500);
}

$("btn-undo").onclick = () => send({ type: "undo" });
$("btn-concede").onclick = () => { if (confirm("Concede this game?")) send({ type: "concede" }); };
$("btn-new").onclick = showNewGame;
$("btn-save").onclick = showSave;
$("btn-resume").onclick = () => send({ type: "saves" });
$("btn-settings").onclick = showSettings;
$("modal-close").onclick = closeModal;
document.addEventListener("click", (ev) => { if (!$("menu-pop").contains(ev.target)) hidePopup(); }, true);
// Space or Enter: the highlighted button of the prompt (pass, done, attack, ...)
document.addEventListener("keydown", (ev) => {
  if ((ev.key !== " " && ev.key !== "Enter") || !$("modal").classList.contains("hidden")) return;
  if (["INPUT", "TEXTAREA", "SELECT", "BUTTON"].includes(document.activeElement.tagName)) return;
  const b = document.querySelector("#prompt-buttons button.primary:not(:disabled)");
  if (b) { ev.preventDefault(); b.click(); }
});
connect();
