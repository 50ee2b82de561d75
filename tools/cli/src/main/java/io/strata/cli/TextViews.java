package io.strata.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/** The console's JSON views as plain text: the same facts as the page. */
final class TextViews {

  private TextViews() {}

  static String incidents(JsonNode list) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "%-11s %-9s %-19s %-22s %-8s %s%n",
            "STATE",
            "SEVERITY",
            "CLASS",
            "INCIDENT",
            "AGE",
            "SCOPE"));
    for (JsonNode r : list.path("incidents")) {
      out.append(
          String.format(
              Locale.ROOT,
              "%-11s %-9s %-19s %-22s %-8s %s%s%n",
              r.path("state").asText(),
              r.path("severity").asText(),
              r.path("incident_class").asText(),
              r.path("incident_id").asText(),
              age(r.path("age_seconds").asLong()),
              join(r.path("workloads")) + " " + join(r.path("nodes")),
              (r.path("pending_actions").asInt() > 0
                      ? "  (" + r.path("pending_actions").asInt() + " to approve)"
                      : "")
                  + episode(r)));
    }
    out.append(list.path("total").asInt()).append(" incident(s)\n");
    return out.toString();
  }

  /** " episode N" after a relapse reopened the incident (N > 1); nothing for the first opening. */
  private static String episode(JsonNode node) {
    int episode = node.path("episode").asInt(1);
    return episode > 1 ? "  episode " + episode : "";
  }

  static String page(JsonNode p) {
    JsonNode r = p.path("row");
    StringBuilder out = new StringBuilder();
    out.append(r.path("incident_id").asText())
        .append("  ")
        .append(r.path("state").asText())
        .append(' ')
        .append(r.path("severity").asText())
        .append(' ')
        .append(r.path("incident_class").asText())
        .append("  age ")
        .append(age(r.path("age_seconds").asLong()))
        .append(episode(r))
        .append(
            r.path("episode").asInt(1) > 1 ? ", reopened " + r.path("reopened_at").asText() : "")
        .append('\n');
    out.append("  ").append(r.path("summary").asText()).append('\n');
    out.append("  trigger ")
        .append(r.path("trigger").asText())
        .append("  scope ")
        .append(join(r.path("workloads")))
        .append(' ')
        .append(join(r.path("nodes")))
        .append('\n');
    out.append("\nPLAN\n");
    for (JsonNode a : p.path("plan")) {
      out.append(
          String.format(
              Locale.ROOT,
              "  %d %-18s %-10s %s  %s%s%n",
              a.path("step").asInt(),
              a.path("type").asText(),
              a.path("state").asText(),
              a.path("target").asText(),
              a.path("action_id").asText(),
              episode(a)));
      a.path("diff").forEach(d -> out.append("      ").append(d.asText()).append('\n'));
      StringBuilder guards = new StringBuilder("      guards:");
      a.path("guards")
          .forEach(
              g ->
                  guards
                      .append(' ')
                      .append(g.path("name").asText())
                      .append('=')
                      .append(g.path("status").asText()));
      out.append(guards).append('\n');
      if (!a.path("approved_by").isNull() && a.has("approved_by")) {
        out.append("      by ")
            .append(a.path("approved_by").asText())
            .append(" via ")
            .append(a.path("approval_channel").asText())
            .append('\n');
      }
    }
    out.append("\nEXEMPLAR TRACES\n");
    for (JsonNode w : p.path("waterfalls")) {
      out.append("  trace ")
          .append(w.path("trace_id").asText())
          .append(' ')
          .append(num(w.path("duration_millis").asDouble()))
          .append(" ms  dominant ")
          .append(w.path("dominant_stage").asText())
          .append("  pod ")
          .append(w.path("pod").asText())
          .append(" node ")
          .append(w.path("node").asText())
          .append(" gpu ")
          .append(w.path("gpu_uuid").asText())
          .append(" model ")
          .append(w.path("model_version").asText())
          .append('\n');
      for (JsonNode b : w.path("bars")) {
        out.append(
            String.format(
                Locale.ROOT,
                "    %s%-24s %9s ms %s%n",
                "  ".repeat(b.path("depth").asInt()),
                b.path("name").asText(),
                num(b.path("duration_millis").asDouble()),
                b.path("dominant").asBoolean() ? "◀ dominant" : ""));
      }
    }
    out.append("\nWORKLOAD VS BASELINE\n");
    p.path("workload_sparklines").forEach(s -> out.append(spark(s)));
    out.append("\nGPUS\n");
    for (JsonNode g : p.path("gpu_sparklines")) {
      out.append("  ")
          .append(g.path("gpu_uuid").asText())
          .append(" on ")
          .append(g.path("node").asText())
          .append('\n');
      g.path("fields").forEach(s -> out.append("  ").append(spark(s)));
    }
    out.append("\nEVIDENCE\n");
    for (JsonNode c : p.path("evidence")) {
      out.append("  [")
          .append(c.path("kind").asText())
          .append("] ")
          .append(c.path("title").asText())
          .append("  (source: ")
          .append(c.path("source").asText())
          .append(")\n");
    }
    JsonNode v = p.path("verification");
    out.append("\nVERIFICATION\n");
    if (v.path("since").isNull() || v.path("since").isMissingNode()) {
      out.append("  nothing executed yet\n");
    } else {
      long pass = 0;
      for (JsonNode w : v.path("windows")) {
        if (w.path("p95_in_band").asBoolean()
            && w.path("queue_in_band").asBoolean()
            && w.path("throughput_in_band").asBoolean()) {
          pass++;
        }
      }
      out.append("  since ")
          .append(v.path("since").asText())
          .append(": ")
          .append(pass)
          .append(" of ")
          .append(v.path("windows").size())
          .append(" window(s) in band; ")
          .append(v.path("recovered").asBoolean() ? "RECOVERED" : "not yet recovered")
          .append('\n');
      v.path("still_out_of_band")
          .forEach(s -> out.append("  out of band: ").append(s.asText()).append('\n'));
    }
    out.append("\nTIMELINE\n");
    for (JsonNode t : p.path("timeline")) {
      out.append(
          String.format(
              Locale.ROOT,
              "  %s %-9s %s  — %s%n",
              t.path("at").asText(),
              t.path("kind").asText(),
              t.path("title").asText(),
              t.path("who").asText()));
    }
    out.append("\nREVIEW ")
        .append(
            p.path("review").isNull() || p.path("review").isMissingNode()
                ? "not written yet"
                : "written: strata review " + r.path("incident_id").asText())
        .append('\n');
    return out.toString();
  }

  /**
   * The remediator's pause switch ({@code GET|PUT /api/pause}): {@code paused: true (set by alice
   * at 2026-12-01T10:00:00Z)}; nothing in brackets while nobody ever set it.
   */
  static String pause(JsonNode state) {
    String line = "paused: " + state.path("paused").asBoolean();
    if (!state.hasNonNull("changed_by")) {
      return line;
    }
    return line
        + " ("
        + (state.path("paused").asBoolean() ? "set" : "cleared")
        + " by "
        + state.path("changed_by").asText()
        + (state.hasNonNull("changed_at") ? " at " + state.path("changed_at").asText() : "")
        + ")";
  }

  /** The policy in force ({@code GET /api/policy}): version, source, default, rules, refusal. */
  static String policy(JsonNode p) {
    StringBuilder out = new StringBuilder();
    out.append("policy ")
        .append(p.path("version").asText())
        .append(" from ")
        .append(p.path("source").asText())
        .append(" since ")
        .append(p.path("since").asText())
        .append('\n');
    out.append("default: ").append(p.path("default_mode").asText()).append('\n');
    int n = 0;
    for (JsonNode r : p.path("rules")) {
      out.append(
          String.format(
              Locale.ROOT,
              "  %d %-24s %s%n      match: %s%n",
              ++n,
              r.path("name").asText(),
              String.format(Locale.ROOT, "%-8s%s", r.path("mode").asText(), limits(r))
                  .stripTrailing(),
              r.path("match").asText()));
    }
    if (n == 0) {
      out.append("  no rules: every action gets the default\n");
    }
    JsonNode refusal = p.path("last_refusal");
    if (refusal.isNull() || refusal.isMissingNode()) {
      out.append("last refusal: none\n");
    } else {
      out.append("last refusal: ")
          .append(refusal.path("problem").asText())
          .append(refusal.hasNonNull("rule") ? " rule " + refusal.path("rule").asText() : "")
          .append(" at ")
          .append(refusal.path("at").asText())
          .append(" from ")
          .append(refusal.path("source").asText())
          .append(": ")
          .append(refusal.path("message").asText())
          .append(" (the policy above stays in force)\n");
    }
    return out.toString();
  }

  private static String limits(JsonNode rule) {
    StringBuilder out = new StringBuilder();
    if (rule.hasNonNull("max_per_hour")) {
      out.append(" at most ").append(rule.path("max_per_hour").asInt()).append("/hour");
    }
    if (rule.hasNonNull("hours")) {
      out.append(" hours ").append(rule.path("hours").asText());
    }
    if (rule.hasNonNull("wave")) {
      out.append(" wave ").append(rule.path("wave").asDouble());
    }
    return out.toString();
  }

  /**
   * A backtest ({@code POST /api/policy/test}): per rule the draft's outcomes over what really
   * happened, then the differences.
   */
  static String backtest(JsonNode b) {
    StringBuilder out = new StringBuilder();
    out.append("backtest of ")
        .append(b.path("policy_version").asText())
        .append(" from ")
        .append(b.path("since").asText())
        .append(" to ")
        .append(b.path("until").asText())
        .append(": ")
        .append(b.path("steps").asInt())
        .append(" step(s) replayed, ")
        .append(b.path("skipped_unknown_incident").asInt())
        .append(" skipped (incident not found), ")
        .append(b.path("incidents").asInt())
        .append(" incident record(s) read\n\n");
    out.append(
        String.format(
            Locale.ROOT,
            "%-24s %-5s %6s %9s %9s %9s %5s %8s %7s%n",
            "RULE",
            "",
            "STEPS",
            "OBSERVED",
            "PROPOSED",
            "EXECUTED",
            "AUTO",
            "REFUSED",
            "FAILED"));
    for (JsonNode rule : b.path("rules")) {
      ruleRows(out, rule);
    }
    ruleRows(out, b.path("total"));
    out.append('\n');
    if (b.path("differing").asLong() == 0) {
      out.append("no differences: the draft does what really happened\n");
    } else {
      out.append("DIFFERENCES (")
          .append(b.path("differing").asLong())
          .append(" step(s), real → draft)\n");
      for (JsonNode d : b.path("differences")) {
        out.append(
            String.format(
                Locale.ROOT,
                "  %5d  %s → %s%n",
                d.path("count").asLong(),
                d.path("real").asText(),
                d.path("draft").asText()));
      }
      out.append("EXAMPLES\n");
      for (JsonNode e : b.path("examples")) {
        out.append("  ")
            .append(e.path("action_id").asText())
            .append(' ')
            .append(e.path("incident_id").asText())
            .append(' ')
            .append(e.path("type").asText())
            .append(' ')
            .append(e.path("target").asText())
            .append(": ")
            .append(e.path("real").asText())
            .append(" → ")
            .append(e.path("draft").asText())
            .append('\n');
      }
    }
    b.path("notes").forEach(n -> out.append("note: ").append(n.asText()).append('\n'));
    return out.toString();
  }

  /** The draft's row and the real one, then the held and refused details where there are any. */
  private static void ruleRows(StringBuilder out, JsonNode rule) {
    for (String side : new String[] {"draft", "real"}) {
      JsonNode c = rule.path(side);
      long refused = 0;
      for (JsonNode n : c.path("refused")) {
        refused += n.asLong();
      }
      out.append(
          String.format(
              Locale.ROOT,
              "%-24s %-5s %6d %9d %9d %9d %5d %8d %7d%n",
              side.equals("draft") ? rule.path("rule").asText() : "",
              side,
              c.path("steps").asLong(),
              c.path("observed").asLong(),
              c.path("proposed").asLong(),
              c.path("executed").asLong(),
              c.path("executed_by_policy").asLong(),
              refused,
              c.path("failed").asLong()));
    }
    for (String side : new String[] {"draft", "real"}) {
      detail(out, side + " held", rule.path(side).path("held"));
      detail(out, side + " refused", rule.path(side).path("refused"));
    }
    if (rule.path("cel_errors").asLong() > 0) {
      out.append("    match failed to evaluate ")
          .append(rule.path("cel_errors").asLong())
          .append(" time(s) (treated as no match)\n");
    }
  }

  private static void detail(StringBuilder out, String label, JsonNode counts) {
    if (counts.isEmpty()) {
      return;
    }
    StringBuilder line = new StringBuilder("    " + label + ":");
    counts
        .properties()
        .forEach(
            e -> line.append(' ').append(e.getKey()).append('=').append(e.getValue().asLong()));
    out.append(line).append('\n');
  }

  static String actions(JsonNode actions) {
    StringBuilder out = new StringBuilder();
    for (JsonNode a : actions) {
      JsonNode t = a.path("target");
      out.append(
          String.format(
              Locale.ROOT,
              "%-26s %-16s %-18s %-10s %s/%s%s%n",
              a.path("action_id").asText(),
              a.path("incident_id").asText(),
              a.path("type").asText(),
              a.path("state").asText(),
              t.path("kind").asText(),
              t.path("namespace").isNull() || t.path("namespace").isMissingNode()
                  ? ""
                  : t.path("namespace").asText() + "/",
              t.path("name").asText()));
    }
    return out.toString();
  }

  private static String spark(JsonNode s) {
    JsonNode values = s.path("values");
    String last = values.isEmpty() ? "no data" : num(values.get(values.size() - 1).asDouble());
    String band =
        s.path("band_high").isNull() || s.path("band_high").isMissingNode()
            ? ""
            : "  band "
                + num(s.path("band_low").asDouble())
                + "–"
                + num(s.path("band_high").asDouble());
    return String.format(
        Locale.ROOT,
        "  %-22s %10s %s%s  (%d points)%n",
        s.path("label").asText(),
        last,
        s.path("unit").asText(),
        band,
        values.size());
  }

  private static String join(JsonNode array) {
    StringBuilder out = new StringBuilder();
    array.forEach(n -> out.append(out.length() == 0 ? "" : ",").append(n.asText()));
    return out.toString();
  }

  private static String num(double v) {
    return Math.abs(v) >= 100
        ? String.format(Locale.ROOT, "%.0f", v)
        : String.format(Locale.ROOT, "%.2f", v);
  }

  private static String age(long seconds) {
    return seconds < 60
        ? seconds + "s"
        : seconds < 3600 ? seconds / 60 + "m" : seconds / 3600 + "h" + (seconds % 3600) / 60 + "m";
  }
}
