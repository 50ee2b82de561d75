package io.strata.remediator.it;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.remediator.core.teams.TeamsFixtures;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Activity bodies for the HTTP fuzz: genuine Approve / Reject invokes (TeamsFixtures' shape, the
 * Universal Actions invoke) of real and unknown actions by allowed and other users, then mutated in
 * their structure (fields missing, of the wrong type, other activity types and verbs, huge strings
 * within the body limit) or in their text (truncated, spliced), and raw non-activities.
 */
final class TeamsFuzzBodies {

  /** aadObjectId, userPrincipalName (null: absent). */
  private static final String[][] USERS = {
    {TeamsStandInResource.APPROVER, null},
    {TeamsStandInResource.APPROVER, "oncall@example.com"},
    {"aad-intruder", null},
    {"aad-intruder", "lead@example.com"},
    {null, "lead@example.com"},
    {null, "intruder@example.com"},
    {null, null}
  };

  private static final String[] VERBS = {
    "approve", "approve", "approve", "reject", "reject", "undo", "APPROVE", "", "launch"
  };
  private static final String[] FIELDS = {
    "id", "channelId", "serviceUrl", "from", "name", "value", "type", "replyToId", "conversation"
  };
  private static final String[] PIECES = {
    "{", "}", "[", "]", "\"", ",", ":", "null", "\\u0000", "\u00e9", "\\", "1e999", "true", "\ud83d"
  };
  private static final String[] RAW = {"", "[]", "null", "42", "\"invoke\"", "{}", "{\"id\":7}"};

  private final String serviceUrl;
  private final List<String> actions;
  private final Map<String, String> hashes;

  TeamsFuzzBodies(String serviceUrl, List<String> actions, Map<String, String> hashes) {
    this.serviceUrl = serviceUrl;
    this.actions = actions;
    this.hashes = hashes;
  }

  byte[] next(Random random, int i) {
    int kind = random.nextInt(40);
    if (kind == 0) {
      byte[] bytes = new byte[random.nextInt(96)];
      random.nextBytes(bytes);
      return bytes;
    }
    if (kind == 1) {
      return raw(random).getBytes(StandardCharsets.UTF_8);
    }
    ObjectNode invoke = genuine(random, "fz-" + i);
    if (random.nextInt(5) < 2) {
      Mutations.structure(random, invoke, serviceUrl);
    }
    String json = invoke.toString();
    if (random.nextInt(6) == 0) {
      json = Mutations.text(random, json, PIECES);
    }
    return json.getBytes(StandardCharsets.UTF_8);
  }

  private ObjectNode genuine(Random random, String id) {
    String[] user = USERS[random.nextInt(USERS.length)];
    String verb = VERBS[random.nextInt(VERBS.length)];
    int which = random.nextInt(10);
    String action =
        which < 6
            ? actions.get(random.nextInt(actions.size()))
            : which < 9 ? "act-fuzz-" + random.nextInt(40) : "";
    // An action without a known hash is only ever approved with a wrong one: it stays PROPOSED.
    String hash = hashes.getOrDefault(action, "0".repeat(64));
    if (!hashes.containsKey(action) && verb.equals("reject")) {
      verb = "approve";
    }
    hash =
        switch (random.nextInt(10)) {
          case 0 -> null;
          case 1 -> "f".repeat(64);
          case 2 -> " " + hash.toUpperCase(java.util.Locale.ROOT) + " ";
          default -> hash;
        };
    ObjectNode invoke = TeamsFixtures.invoke(id, user[0], verb, action, hash);
    invoke.put("serviceUrl", serviceUrl);
    ObjectNode from = (ObjectNode) invoke.get("from");
    if (user[0] == null) {
      from.remove("aadObjectId");
    }
    if (user[1] != null) {
      from.put("userPrincipalName", user[1]);
    }
    return invoke;
  }

  private static String raw(Random random) {
    if (random.nextBoolean()) {
      return RAW[random.nextInt(RAW.length)];
    }
    int depth = 500 + random.nextInt(3000);
    return random.nextBoolean()
        ? "[".repeat(depth) + "]".repeat(depth)
        : "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);
  }

  /** The edits applied to a genuine invoke. */
  private static final class Mutations {

    private Mutations() {}

    static void structure(Random random, ObjectNode invoke, String serviceUrl) {
      ObjectNode action = (ObjectNode) invoke.path("value").path("action");
      ObjectNode data = (ObjectNode) action.path("data");
      JsonNodeFactory f = JsonNodeFactory.instance;
      switch (random.nextInt(16)) {
        case 0 -> invoke.remove(FIELDS[random.nextInt(FIELDS.length)]);
        case 1 -> invoke.set(FIELDS[random.nextInt(FIELDS.length)], f.numberNode(random.nextInt()));
        case 2 -> invoke.set(FIELDS[random.nextInt(FIELDS.length)], f.arrayNode().add("x"));
        case 3 ->
            invoke.put("type", List.of("message", "event", "", "Invoke").get(random.nextInt(4)));
        case 4 ->
            invoke.put("name", List.of("task/fetch", "adaptiveCard/Action").get(random.nextInt(2)));
        case 5 ->
            invoke.put("channelId", List.of("webchat", "skype", "msteams ").get(random.nextInt(3)));
        case 6 ->
            invoke.put(
                "serviceUrl", random.nextBoolean() ? TeamsFuzzTokens.ELSEWHERE : serviceUrl + "x");
        case 7 -> action.put("type", "Action.Submit");
        case 8 -> action.set("verb", f.booleanNode(true));
        case 9 -> data.set("action_id", f.numberNode(7));
        case 10 -> data.set("patch_sha256", f.objectNode());
        case 11 -> action.remove("data");
        case 12 -> invoke.put("id", " ");
        case 13 -> invoke.set("value", f.textNode("approve"));
        case 14 -> invoke.put("text", "x".repeat(huge(random)));
        default ->
            data.put(random.nextBoolean() ? "action_id" : "patch_sha256", "y".repeat(huge(random)));
      }
    }

    /** Up to about 6 MB: within Quarkus' default 10 MB body limit, rare enough to stay fast. */
    private static int huge(Random random) {
      return random.nextInt(40) == 0
          ? 1_000_000 + random.nextInt(5_000_000)
          : 10_000 + random.nextInt(90_000);
    }

    static String text(Random random, String json, String[] pieces) {
      StringBuilder s = new StringBuilder(json);
      for (int m = 1 + random.nextInt(3); m > 0; m--) {
        int at = random.nextInt(s.length() + 1);
        switch (random.nextInt(3)) {
          case 0 -> s.insert(at, pieces[random.nextInt(pieces.length)]);
          case 1 -> s.setLength(at);
          default -> s.delete(at, Math.min(s.length(), at + 1 + random.nextInt(8)));
        }
      }
      return s.toString();
    }
  }
}
