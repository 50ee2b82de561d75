package io.strata.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.events.json.StrataJson;
import io.strata.events.remediation.PatchHash;
import java.io.PrintStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The {@code strata} command for a deployed Strata. */
public final class StrataCli {

  static final String HELP =
      """
      usage: strata [flags] COMMAND [args]
        incidents [--state OPEN|MITIGATING|RESOLVED] [--class C]   the incident list (console)
        show INCIDENT                       one incident in text: plan, trace, sparklines, evidence, timeline
        actions [--incident ID] [--state S] every action's latest state (remediator, token)
        approve ACTION | reject ACTION      decide a proposed action as the token's principal
        pause | resume                      the remediator's global pause switch (operator token)
        paused                              the pause switch: on or off, who set it and when
        review INCIDENT [--format md|json]  the review record (default md)
        feed [feed flags]                   one line per step from Kafka (--from-beginning, --timeout S, ...);
                                            with journal keys each action says VERIFIED or UNVERIFIED(reason)
        whoami                              the token's principal and role
        policy show                         the remediation policy in force, and the last refused one
        policy test --policy FILE [--since 7d]   replay the period through a draft policy, per rule
      flags: %s
      """
          .formatted(CliSettings.USAGE_FLAGS);

  /** A backtest reads the incident topic and replays the period: longer than one request. */
  private static final Duration BACKTEST_TIMEOUT = Duration.ofMinutes(5);

  private StrataCli() {}

  public static void main(String[] args) {
    int code =
        run(
            List.of(args),
            System.getenv(),
            Path.of(System.getProperty("user.home")),
            System.out,
            System.err);
    if (code != 0) {
      System.exit(code);
    }
  }

  /** Runs one command; the exit code (0 ok, 1 failure, 2 usage). */
  public static int run(
      List<String> argv, Map<String, String> env, Path home, PrintStream out, PrintStream err) {
    try {
      CliSettings settings = CliSettings.resolve(argv, env, home);
      List<String> args = settings.args();
      if (args.isEmpty() || args.get(0).equals("help") || args.contains("--help")) {
        out.print(HELP);
        return args.isEmpty() ? 2 : 0;
      }
      String command = args.get(0);
      List<String> rest = args.subList(1, args.size());
      if (command.equals("feed")) {
        io.strata.feed.FeedMain.main(feedArgs(settings, rest).toArray(String[]::new));
        return 0;
      }
      Api api = new Api(settings);
      switch (command) {
        case "incidents" ->
            out.print(
                TextViews.incidents(
                    api.console(
                        "/console/api/incidents"
                            + query(rest, "state", "class", "cluster", "namespace", "workload"))));
        case "show" ->
            out.print(
                TextViews.page(
                    api.console("/console/api/incidents/" + segment(one(rest, "show INCIDENT")))));
        case "actions" ->
            out.print(
                TextViews.actions(
                    api.remediator("GET", "/api/actions" + query(rest, "incident", "state"))));
        case "approve", "reject" -> {
          String id = segment(one(rest, command + " ACTION"));
          String query = "";
          if (command.equals("approve")) {
            // Bind the approval to the patch shown here: the remediator refuses it with
            // PATCH_CHANGED if the proposal's patch is no longer this one.
            JsonNode history = api.remediator("GET", "/api/actions/" + id);
            JsonNode shown = history.path(history.size() - 1).path("patch");
            String patch = shown.isNull() || shown.isMissingNode() ? "" : shown.asText();
            out.println("patch: " + (patch.isEmpty() ? "(none)" : patch));
            query = "?patch_sha256=" + PatchHash.of(patch);
          }
          JsonNode action = api.remediator("POST", "/api/actions/" + id + "/" + command + query);
          out.println(
              action.path("action_id").asText()
                  + " "
                  + action.path("state").asText()
                  + " by "
                  + action.path("approved_by").asText());
        }
        case "pause", "resume" ->
            out.println(
                TextViews.pause(api.remediator("PUT", "/api/pause/" + command.equals("pause"))));
        case "paused" -> out.println(TextViews.pause(api.remediator("GET", "/api/pause")));
        case "policy" -> policy(api, rest, out);
        case "whoami" -> {
          JsonNode me = api.remediator("GET", "/api/whoami");
          out.println(me.path("principal").asText() + " " + me.path("role").asText());
        }
        case "review" -> {
          String id =
              one(
                  rest.stream()
                      .filter(a -> !a.startsWith("--") && !a.equals("md") && !a.equals("json"))
                      .toList(),
                  "review INCIDENT");
          String format = option(rest, "format", "md");
          if (!format.equals("md") && !format.equals("json")) {
            throw new CliException(CliException.Reason.USAGE, "--format is md or json");
          }
          String body =
              api.consoleText("/console/api/incidents/" + segment(id) + "/review." + format);
          out.print(
              format.equals("json")
                  ? StrataJson.mapper()
                          .writerWithDefaultPrettyPrinter()
                          .writeValueAsString(StrataJson.mapper().readTree(body))
                      + "\n"
                  : body);
        }
        default ->
            throw new CliException(
                CliException.Reason.USAGE, "unknown command " + command + " (strata help)");
      }
      return 0;
    } catch (CliException e) {
      err.println("strata: " + e.getMessage());
      return e.exitCode();
    } catch (java.io.IOException e) {
      err.println("strata: " + e.getMessage());
      return 1;
    }
  }

  /**
   * The feed's command line: the broker, the journal's verification keys when configured (every
   * action record is then marked VERIFIED or UNVERIFIED(reason), ADR 052; a {@code
   * --verification-keys} given to the feed wins), then the feed's own flags.
   */
  static List<String> feedArgs(CliSettings settings, List<String> rest) {
    List<String> feed = new ArrayList<>(List.of("--bootstrap", settings.kafka()));
    if (settings.journalKeys().isPresent() && !rest.contains("--verification-keys")) {
      feed.addAll(List.of("--verification-keys", settings.journalKeys().get()));
    }
    feed.addAll(rest);
    return feed;
  }

  /** {@code policy show} and {@code policy test --policy FILE [--since 7d]}. */
  private static void policy(Api api, List<String> args, PrintStream out) {
    String usage = "usage: strata policy show | policy test --policy FILE [--since 7d]";
    String sub = args.isEmpty() ? "" : args.get(0);
    switch (sub) {
      case "show" -> out.print(TextViews.policy(api.remediator("GET", "/api/policy")));
      case "test" -> {
        String file = option(args, "policy", null);
        if (file == null) {
          throw new CliException(CliException.Reason.USAGE, usage);
        }
        String draft;
        try {
          draft = Files.readString(Path.of(file));
        } catch (java.io.IOException | java.nio.file.InvalidPathException e) {
          throw new CliException(CliException.Reason.CONFIG, "cannot read " + file + ": " + e);
        }
        String since = option(args, "since", "7d");
        out.print(
            TextViews.backtest(
                api.remediatorPost(
                    "/api/policy/test?since=" + segment(since),
                    draft,
                    "application/yaml",
                    BACKTEST_TIMEOUT)));
      }
      default -> throw new CliException(CliException.Reason.USAGE, usage);
    }
  }

  private static String one(List<String> args, String usage) {
    List<String> positional = args.stream().filter(a -> !a.startsWith("--")).toList();
    if (positional.isEmpty()) {
      throw new CliException(CliException.Reason.USAGE, "usage: strata " + usage);
    }
    return positional.get(0);
  }

  private static String option(List<String> args, String name, String fallback) {
    int at = args.indexOf("--" + name);
    return at >= 0 && at + 1 < args.size() ? args.get(at + 1) : fallback;
  }

  private static String query(List<String> args, String... names) {
    StringBuilder q = new StringBuilder();
    for (String name : names) {
      String value = option(args, name, null);
      if (value != null) {
        q.append(q.length() == 0 ? "?" : "&").append(name).append('=').append(segment(value));
      }
    }
    return q.toString();
  }

  private static String segment(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
