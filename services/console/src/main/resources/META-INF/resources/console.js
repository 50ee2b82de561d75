// Strata console: plain JS and inline SVG, no libraries. The server computes every view
// (layout of the waterfall, bands, diffs); this file only paints and polls.
"use strict";

const TOKEN_KEY = "strata.console.token";
let whoami = null;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function svg(tag, attrs) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function token() { return sessionStorage.getItem(TOKEN_KEY); }

function authHeaders() {
  const t = token();
  return t ? { Authorization: "Bearer " + t } : {};
}

async function getJson(url) {
  const response = await fetch(url, { headers: authHeaders() });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(body.message || response.statusText), { body, status: response.status });
  return body;
}

function age(seconds) {
  if (seconds < 60) return seconds + " s";
  if (seconds < 3600) return Math.floor(seconds / 60) + " min";
  if (seconds < 86400) return Math.floor(seconds / 3600) + " h " + Math.floor((seconds % 3600) / 60) + " min";
  return Math.floor(seconds / 86400) + " d";
}

function time(iso) {
  if (!iso) return "–";
  const d = new Date(iso);
  return d.toISOString().substring(11, 19);
}

function num(v, digits) {
  if (v === null || v === undefined || Number.isNaN(v)) return "–";
  return Math.abs(v) >= 100 ? Math.round(v).toString() : Number(v).toFixed(digits === undefined ? 1 : digits);
}

function setLive(ok) {
  const live = document.getElementById("live");
  if (!live) return;
  live.classList.toggle("stale", !ok);
  live.textContent = ok ? "live " + new Date().toISOString().substring(11, 19) : "stale";
}

// ------------------------------------------------------------------ sign-in

async function refreshWhoami() {
  whoami = null;
  if (token()) {
    try { whoami = await getJson("/console/api/whoami"); }
    catch (e) { whoami = { error: e.body && e.body.reason ? e.body.reason + ": " + e.message : e.message }; }
  }
  renderSignin();
}

function renderSignin() {
  const box = document.getElementById("signin");
  box.replaceChildren();
  if (whoami && !whoami.error) {
    box.append(
      el("span", { id: "principal" }, whoami.principal, " ", el("span", { class: "badge", id: "role" }, whoami.role)),
      el("button", { id: "signout", onclick: () => { sessionStorage.removeItem(TOKEN_KEY); refreshWhoami().then(refresh); } }, "Sign out"));
    return;
  }
  const input = el("input", { id: "token", type: "password", placeholder: "your remediator API token", autocomplete: "off" });
  const submit = () => { sessionStorage.setItem(TOKEN_KEY, input.value.trim()); refreshWhoami().then(refresh); };
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") submit(); });
  box.append(input, el("button", { id: "signin-button", onclick: submit }, "Sign in"));
  if (whoami && whoami.error) box.append(el("span", { class: "error-box", id: "signin-error" }, whoami.error));
}

// ------------------------------------------------------------------ list

async function refreshList() {
  const form = document.getElementById("filters");
  const params = new URLSearchParams();
  for (const [k, v] of new FormData(form).entries()) if (v) params.set(k, v);
  try {
    const body = await getJson("/console/api/incidents?" + params);
    const tbody = document.querySelector("#incidents tbody");
    tbody.replaceChildren(...body.incidents.map(row));
    document.getElementById("count").textContent = body.total + " incident(s)";
    setLive(true);
  } catch (e) { setLive(false); }
  await refreshAlerts();
}

// ------------------------------------------------------------------ alerts

// Alertmanager alerts that no incident carries as evidence. Labels and annotations are whatever a
// rule wrote: el() writes them as text and attribute values, and only an http(s) URL is linked.
async function refreshAlerts() {
  const tbody = document.querySelector("#alerts tbody");
  if (!tbody) return;
  try {
    const body = await getJson("/console/api/alerts");
    tbody.replaceChildren(...(body.alerts.length ? body.alerts.map(alertRow)
      : [el("tr", {}, el("td", { colspan: 8, class: "muted" }, "no alert outside the incidents"))]));
    document.getElementById("alert-count").textContent = body.total + " alert(s)";
  } catch (e) {
    tbody.replaceChildren(el("tr", {}, el("td", { colspan: 8, class: "muted" }, "alerts unavailable: " + e.message)));
  }
}

function stamp(iso) {
  if (!iso) return "–";
  return new Date(iso).toISOString().substring(0, 19).replace("T", " ");
}

function alertBadge(status) {
  const look = { FIRING: "OPEN", RESOLVED: "RESOLVED" }[status] || "MITIGATING";
  return el("span", { class: "badge state-" + look, "data-role": "alert-status" }, status);
}

// The rule that fired: a link only for an http(s) URL (the server checks it too), else text.
function alertSource(a) {
  const href = typeof a.link === "string" && /^https?:\/\//i.test(a.link) ? a.link : null;
  if (href) return el("a", { class: "alert-source", href, target: "_blank", rel: "noopener", title: href }, "rule");
  return a.generator_url ? el("span", { class: "muted mono" }, a.generator_url.slice(0, 200)) : "–";
}

function alertRow(a) {
  return el("tr", { class: "alert-row", "data-alert": a.fingerprint, "data-alert-name": a.alert_name, "data-status": a.status },
    el("td", {}, alertBadge(a.status)),
    el("td", {}, el("b", {}, a.alert_name || "(no alertname)")),
    el("td", {}, a.severity || "–"),
    el("td", { class: "mono" }, (a.keys || []).join(" · ") || "–"),
    el("td", { class: "mono" }, stamp(a.starts_at)),
    el("td", { class: "mono" }, stamp(a.ends_at)),
    el("td", {}, a.summary || ""),
    el("td", {}, alertSource(a)));
}

// The incident page's Alerts card: the alerts its evidence carries.
function renderAlerts(alerts) {
  const box = document.getElementById("alerts");
  if (!box) return;
  box.replaceChildren(...(alerts && alerts.length ? alerts.map((a) =>
    el("div", { class: "ev ALERT " + a.status, "data-alert": a.fingerprint },
      el("div", {}, el("b", {}, a.alert_name || "(no alertname)"), " ", alertBadge(a.status),
        a.severity ? el("span", { class: "muted" }, " " + a.severity) : null),
      a.summary ? el("div", {}, a.summary) : null,
      el("div", { class: "src" }, "since " + stamp(a.starts_at) + (a.ends_at ? " until " + stamp(a.ends_at) : "") + " · ",
        alertSource(a))))
    : [el("div", { class: "muted" }, "no Alertmanager alert joined to this incident")]));
}

function row(r) {
  const scope = [r.cluster, (r.workloads || []).join(", "), (r.nodes || []).join(", ")].filter(Boolean).join(" · ");
  return el("tr", { "data-incident": r.incident_id, class: "incident-row" },
    el("td", {}, el("span", { class: "badge state-" + r.state }, r.state)),
    el("td", { class: "sev-" + r.severity }, r.severity),
    el("td", {}, r.incident_class),
    el("td", {}, el("a", { href: "/incident.html?id=" + encodeURIComponent(r.incident_id) }, r.incident_id),
      r.episode > 1 ? el("span", { class: "muted", "data-role": "episode" }, " episode " + r.episode) : null,
      el("div", { class: "muted" }, r.summary || "")),
    el("td", {}, scope, r.gpus ? el("div", { class: "muted" }, r.gpus + " GPU(s)") : null),
    el("td", { class: "mono" }, r.trigger),
    el("td", {}, age(r.age_seconds)),
    el("td", {}, r.pending_actions ? el("span", { class: "badge state-OPEN" }, r.pending_actions + " to approve") : "–"));
}

// ------------------------------------------------------------------ incident page

const incidentId = new URLSearchParams(location.search).get("id");
let busy = false;

async function refreshIncident() {
  if (busy) return;
  try {
    const page = await getJson("/console/api/incidents/" + encodeURIComponent(incidentId));
    renderIncident(page);
    renderPause();
    setLive(true);
  } catch (e) {
    setLive(false);
    if (e.status === 404) document.getElementById("head").replaceChildren(el("div", { class: "error-box" }, e.message));
  }
}

function renderIncident(p) {
  const r = p.row, i = p.incident;
  document.title = "Strata · " + r.incident_id;
  document.getElementById("crumb-id").textContent = r.incident_id;
  const scope = i.scope || {};
  document.getElementById("head").replaceChildren(
    el("h1", {}, el("span", { class: "badge state-" + r.state, id: "state" }, r.state), r.incident_class,
      el("span", { class: "sev-" + r.severity }, r.severity), el("span", { class: "muted mono" }, r.incident_id)),
    el("div", {}, i.summary || ""),
    el("div", { class: "facts" },
      el("span", {}, "trigger ", el("b", {}, r.trigger)),
      el("span", {}, "cluster ", el("b", {}, scope.cluster || "–")),
      el("span", {}, "workloads ", el("b", {}, (scope.workloads || []).join(", ") || "–")),
      el("span", {}, "nodes ", el("b", {}, (scope.nodes || []).join(", ") || "–")),
      el("span", {}, "versions ", el("b", {}, (scope.model_versions || []).join(", ") || "–")),
      el("span", {}, "longest stage ", el("b", {}, i.longest_stage)),
      el("span", {}, "age ", el("b", {}, age(r.age_seconds))),
      // A relapse reopened under the same id: its actions are the ones marked with this episode.
      r.episode > 1 ? el("span", { "data-role": "episode" }, "episode ", el("b", {}, r.episode),
        " (reopened " + time(r.reopened_at) + ")") : null));
  renderPlan(p);
  renderUnverified(p.unverified_records);
  const logs = p.log_links || { traces: [], pods: [] };
  document.getElementById("waterfalls").replaceChildren(
    ...(p.waterfalls.length ? p.waterfalls.map((w) => waterfall(w, linksOf(logs.traces, w.trace_id)))
      : [el("div", { class: "muted" }, "no exemplar trace in the evidence")]));
  document.getElementById("workload-lines").replaceChildren(...p.workload_sparklines.map(sparkline));
  document.getElementById("gpu-lines").replaceChildren(
    ...(p.gpu_sparklines.length ? p.gpu_sparklines.map((g) => el("div", { class: "gpu" },
      el("div", { class: "mono" }, g.gpu_uuid, el("span", { class: "muted" }, " on " + (g.node || "?"))),
      el("div", { class: "sparks" }, ...g.fields.map(sparkline))))
      : [el("div", { class: "muted" }, "no GPU in the scope, or no samples kept")]));
  renderLogLinks(logs);
  renderAlerts(p.alerts);
  renderVerification(p.verification);
  document.getElementById("evidence").replaceChildren(...p.evidence.map((c) =>
    el("div", { class: "ev " + c.kind },
      el("div", {}, el("b", {}, c.title)),
      c.facts.length ? el("div", { class: "mono" }, c.facts.join(" · ")) : null,
      el("div", { class: "src" }, "source: " + c.source))));
  document.getElementById("timeline").replaceChildren(...p.timeline.map((t) =>
    el("li", { class: "kind-" + t.kind },
      el("span", { class: "mono" }, time(t.at)),
      el("span", { class: "kind" }, t.kind.replace("_", " ")),
      el("span", {}, el("b", {}, t.title), t.detail ? el("span", { class: "muted" }, " — " + t.detail) : null),
      el("span", { class: "who", title: t.source }, t.who))));
  renderReview(p);
}

// The remediator's pause switch as persisted (who set it, when), for a signed-in reader.
async function renderPause() {
  const box = document.getElementById("pause");
  if (!box) return;
  if (!token()) { box.replaceChildren(); return; }
  try {
    const s = await getJson("/console/api/pause");
    box.replaceChildren(s.paused
      ? el("div", { class: "error-box", id: "pause-on" }, "Remediation is paused" +
          (s.changed_by ? " by " + s.changed_by : "") + (s.changed_at ? " since " + time(s.changed_at) : "") +
          ": every approved action is refused until an operator resumes it.")
      : el("div", { class: "muted", id: "pause-off" }, "Pause switch off" +
          (s.changed_by ? " (last cleared by " + s.changed_by + (s.changed_at ? " at " + time(s.changed_at) : "") + ")" : "")));
  } catch (e) {
    box.replaceChildren(el("div", { class: "muted" }, "pause switch unknown: " + e.message));
  }
}

function renderPlan(p) {
  const canApprove = whoami && !whoami.error && whoami.can_approve;
  const box = document.getElementById("plan");
  if (!p.plan.length) {
    box.replaceChildren(el("div", { class: "muted" }, "no action proposed (yet)"));
    return;
  }
  const note = !whoami || whoami.error
    ? el("div", { class: "muted", id: "approve-hint" }, "Sign in with your own remediator token to approve or reject.")
    : (!canApprove ? el("div", { class: "muted", id: "approve-hint" }, "Your role " + whoami.role + " cannot approve; ask an approver.") : null);
  box.replaceChildren(note || "", ...p.plan.map((a) => {
    const buttons = a.pending ? el("span", { class: "buttons" },
      el("button", { class: "approve", "data-action": a.action_id, disabled: !canApprove,
        title: canApprove ? "approve as " + whoami.principal : "needs an APPROVER token",
        onclick: () => decide(a.action_id, "approve", a.patch_sha256) }, "Approve"),
      el("button", { class: "reject", "data-action": a.action_id, disabled: !canApprove,
        onclick: () => decide(a.action_id, "reject") }, "Reject")) : null;
    const who = a.approved_by ? " by " + a.approved_by + " via " + a.approval_channel + " at " + time(a.approved_at) : "";
    // The policy rule and mode that decided the action (absent before policies existed).
    const policy = a.policy ? el("span", { class: "badge policy-" + a.policy.mode, "data-role": "action-policy" },
      (a.policy.rule || "default") + " · " + a.policy.mode) : "";
    return el("div", { class: "action", "data-action": a.action_id, "data-state": a.state },
      el("div", { class: "title" },
        el("span", { class: "muted" }, (a.episode > 1 ? "episode " + a.episode + " · " : "") + "step " + a.step),
        el("b", {}, a.type),
        el("span", { class: "mono" }, a.target),
        el("span", { class: "badge state-" + (a.pending ? "OPEN" : a.state === "EXECUTED" ? "RESOLVED" : "MITIGATING") , "data-role": "action-state" }, a.state),
        policy,
        el("span", { class: "muted" }, who),
        buttons),
      el("div", { class: "diff mono" }, ...a.diff.map((line) => el("div", { class: line.startsWith("-") ? "del" : "add" }, line))),
      // The exact patch an approval applies, and the hash the Approve button sends with it.
      el("details", { class: "patch" }, el("summary", { class: "muted" }, "exact patch · sha256 " + a.patch_sha256.slice(0, 12) + "…"),
        el("pre", { class: "mono", "data-role": "patch" }, a.patch || "(none)"),
        el("div", { class: "muted mono", "data-role": "patch-sha256" }, a.patch_sha256)),
      el("div", { class: "guards" }, ...a.guards.map((g) => el("span", { class: "guard " + g.status, title: g.detail || "" }, g.name + ": " + g.status))),
      a.message ? el("div", { class: "muted" }, a.message) : null,
      el("div", { class: "muted mono" }, a.action_id),
      el("div", { class: "decision", id: "decision-" + a.action_id }));
  }));
}

// Records on strata.remediation.v1 whose signature did not verify (ADR 052): never the plan's
// state. Every value is whatever the record's producer wrote, so el() writes it as text only.
function renderUnverified(records) {
  const card = document.getElementById("unverified-card");
  if (!card) return;
  card.hidden = !(records && records.length);
  if (card.hidden) return;
  document.getElementById("unverified").replaceChildren(
    el("div", { class: "error-box" }, records.length + " record(s) on the remediation journal claim a state for this " +
      "incident's actions but their signature does not verify: not shown in the plan, never executed."),
    el("table", { class: "unverified" },
      el("thead", {}, el("tr", {}, ...["written", "action", "type", "claimed state", "reason", "key id", "partition/offset"]
        .map((h) => el("th", {}, h)))),
      el("tbody", {}, ...records.map((u) => el("tr", { class: "unverified-record", "data-action": u.action_id, "data-reason": u.reason },
        el("td", { class: "mono" }, stamp(u.written_at)),
        el("td", { class: "mono" }, u.action_id),
        el("td", {}, u.type || "–"),
        el("td", {}, el("span", { class: "badge state-OPEN", "data-role": "claimed-state" }, u.claimed_state)),
        el("td", { "data-role": "reason" }, u.reason),
        el("td", { class: "mono" }, u.key_id || "–"),
        el("td", { class: "mono" }, u.partition + "/" + u.offset))))));
}

async function decide(actionId, verb, patchSha256) {
  busy = true;
  const out = document.getElementById("decision-" + actionId);
  // An approval names the patch it saw: the remediator refuses it (PATCH_CHANGED) if that changed.
  const query = verb === "approve" ? "?patch_sha256=" + encodeURIComponent(patchSha256) : "";
  try {
    const response = await fetch("/console/api/actions/" + encodeURIComponent(actionId) + "/" + verb + query,
      { method: "POST", headers: authHeaders() });
    const body = await response.json().catch(() => ({}));
    out.replaceChildren(response.ok
      ? el("span", { class: "muted" }, verb + "d: " + body.state + " by " + body.approved_by)
      : el("span", { class: "error-box" }, (body.reason || response.status) + ": " + (body.message || "")));
  } finally {
    busy = false;
    setTimeout(refreshIncident, 300);
  }
}

// Log links are filled on the server from the configured templates (strata.console.log-links).
function linksOf(groups, subject) {
  const group = (groups || []).find((g) => g.subject === subject);
  return group ? group.links : [];
}

function logLink(l, kind, subject) {
  return el("a", { class: "log-link", href: l.url, target: "_blank", rel: "noopener",
    "data-kind": kind, "data-subject": subject, "data-template": l.template }, l.label);
}

function renderLogLinks(logs) {
  const box = document.getElementById("log-links");
  if (!logs.configured) {
    box.replaceChildren(el("div", { class: "muted" }, "no log link template configured"));
    return;
  }
  box.replaceChildren(...(logs.pods.length
    ? logs.pods.map((g) => el("div", { class: "log-links", "data-pod": g.subject },
      ...g.links.map((l) => logLink(l, "pod", g.subject))))
    : [el("div", { class: "muted" }, "no pod known to link to")]));
}

function waterfall(w, links) {
  return el("div", { class: "wf", "data-trace": w.trace_id },
    el("div", { class: "meta" },
      el("span", { class: "mono" }, "trace " + w.trace_id), " · ", num(w.duration_millis) + " ms",
      " · dominant ", el("b", { class: "dominant-stage" }, w.dominant_stage),
      " · pod ", el("b", {}, w.pod || "–"), " · node ", el("b", {}, w.node || "–"),
      " · GPU ", el("b", { class: "mono" }, w.gpu_uuid || "–"), " · model ", el("b", {}, w.model_version || "–"),
      w.spans_kept ? "" : el("span", { class: "muted" }, " · stage totals (spans not kept)")),
    links.length ? el("div", { class: "log-links" }, ...links.map((l) => logLink(l, "trace", w.trace_id))) : null,
    ...w.bars.map((b) => el("div", { class: "row" + (b.dominant ? " dominant" : "") },
      el("span", { class: "name", style: "padding-left:" + (b.depth * 12) + "px", title: (b.service || "") + " " + b.name }, b.name),
      el("div", { class: "track" }, el("div", {
        class: "bar" + (b.dominant ? " dominant" : "") + (b.error ? " error" : ""),
        style: "left:" + b.offset_percent.toFixed(2) + "%;width:" + Math.max(0.3, b.width_percent).toFixed(2) + "%",
        title: b.stage + " " + num(b.duration_millis) + " ms" })),
      el("span", { class: "ms" }, num(b.duration_millis) + " ms"))));
}

function sparkline(s) {
  const W = 240, H = 46;
  const values = s.values;
  const last = values.length ? values[values.length - 1] : null;
  // The event JSON leaves nulls out: test with == null, which also matches a missing field.
  const hasBand = s.band_low != null && s.band_high != null;
  const inBand = last === null || !hasBand || (last >= s.band_low && last <= s.band_high);
  const box = el("div", { class: "spark" + (inBand ? "" : " out"), "data-label": s.label, title: "source: " + s.source },
    el("div", { class: "label" }, el("span", {}, s.label), el("b", {}, last === null ? "no data" : num(last) + " " + s.unit)));
  const chart = svg("svg", { viewBox: "0 0 " + W + " " + H, preserveAspectRatio: "none" });
  if (values.length) {
    let lo = Math.min(...values), hi = Math.max(...values);
    if (hasBand) { hi = Math.max(hi, s.band_high); lo = Math.min(lo, s.band_low); }
    if (hi === lo) { hi += 1; lo -= 1; }
    const t0 = s.times[0], t1 = s.times[s.times.length - 1] === t0 ? t0 + 1 : s.times[s.times.length - 1];
    const x = (t) => ((t - t0) / (t1 - t0)) * (W - 4) + 2;
    const y = (v) => H - 3 - ((v - lo) / (hi - lo)) * (H - 6);
    if (hasBand) {
      chart.append(svg("rect", { x: 0, width: W, y: y(s.band_high), height: Math.max(1, y(s.band_low) - y(s.band_high)), fill: "rgba(63,178,127,.16)", class: "band" }));
      if (s.baseline != null) chart.append(svg("line", { x1: 0, x2: W, y1: y(s.baseline), y2: y(s.baseline), stroke: "rgba(63,178,127,.6)", "stroke-dasharray": "3 3" }));
    }
    if (s.marker != null && s.marker >= t0 && s.marker <= t1) {
      chart.append(svg("line", { x1: x(s.marker), x2: x(s.marker), y1: 0, y2: H, stroke: "#f0575a", "stroke-width": 1, class: "marker" }));
    }
    const points = values.map((v, i) => x(s.times[i]).toFixed(1) + "," + y(v).toFixed(1)).join(" ");
    const colour = inBand ? "#4fa3ff" : "#f0575a";
    chart.append(svg("polyline", { points, fill: "none", stroke: colour, "stroke-width": 1.6 }));
    // The newest point as a dot: a single window is otherwise invisible.
    chart.append(svg("circle", { cx: x(s.times[s.times.length - 1]), cy: y(last), r: 2.5, fill: colour }));
  }
  box.append(chart);
  return box;
}

function renderVerification(v) {
  const box = document.getElementById("verification");
  if (v.since == null) {
    box.replaceChildren(el("div", { class: "muted" }, "nothing executed yet: verification starts with the first executed action"));
    return;
  }
  box.replaceChildren(
    el("div", {}, "since ", el("b", {}, time(v.since)), " · ", v.windows.length + " window(s) · ",
      el("b", { id: "verdict" }, v.recovered ? "RECOVERED" + (v.time_to_recover_millis ? " in " + num(v.time_to_recover_millis / 1000) + " s" : "") : "not yet recovered")),
    el("div", { class: "verdicts" }, ...v.windows.map((w) => el("span", {
      class: "verdict " + (w.p95_in_band && w.queue_in_band && w.throughput_in_band ? "pass" : "fail"),
      title: time(w.start) + " p95 " + num(w.p95) + " ms, queue " + num(w.queue_wait_p95) + " ms, throughput " + num(w.effective_throughput, 2) }))),
    v.still_out_of_band.length
      ? el("ul", {}, ...v.still_out_of_band.map((s) => el("li", {}, s)))
      : el("div", { class: "muted" }, "nothing out of band in the latest window"));
}

function renderReview(p) {
  const box = document.getElementById("review");
  const md = document.getElementById("export-md"), json = document.getElementById("export-json");
  if (!p.review) {
    box.replaceChildren(el("div", { class: "muted" }, "written when the incident closes"));
    md.style.display = json.style.display = "none";
    return;
  }
  md.style.display = json.style.display = "";
  md.href = "/console/api/incidents/" + encodeURIComponent(p.row.incident_id) + "/review.md";
  json.href = "/console/api/incidents/" + encodeURIComponent(p.row.incident_id) + "/review.json";
  // The server renders Markdown with raw HTML escaped (commonmark escapeHtml).
  box.innerHTML = p.review.html;
}

// ------------------------------------------------------------------ start

function refresh() {
  return document.body.dataset.page === "list" ? refreshList() : refreshIncident();
}

refreshWhoami().then(refresh);
if (document.body.dataset.page === "list") {
  document.getElementById("filters").addEventListener("input", refreshList);
  setInterval(refreshList, 3000);
} else {
  setInterval(refreshIncident, 2000);
}
