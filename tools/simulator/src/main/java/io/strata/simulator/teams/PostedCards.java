package io.strata.simulator.teams;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the bot posted through the connector: the latest version of each activity, by the id the
 * connector assigned (Teams channel message ids are numeric, like epoch milliseconds).
 */
public final class PostedCards {

  /** One activity as it reads now. */
  public record Card(
      String activityId,
      String conversationId,
      int version,
      Instant postedAt,
      Instant updatedAt,
      JsonNode activity) {

    public List<ExecuteAction> buttons() {
      return ExecuteAction.find(activityId, conversationId, activity);
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Map<String, Card> cards = new LinkedHashMap<>();
  private long sequence;

  /** Stores a new activity and returns the id assigned to it. */
  synchronized Card post(String conversationId, JsonNode activity, Instant now) {
    String id = Long.toString(now.toEpochMilli() + ++sequence);
    Card card = new Card(id, conversationId, 1, now, now, activity.deepCopy());
    cards.put(id, card);
    return card;
  }

  /** Replaces an activity in place; empty when no such activity is in that conversation. */
  synchronized Optional<Card> update(
      String conversationId, String activityId, JsonNode activity, Instant now) {
    Card old = cards.get(activityId);
    if (old == null || !old.conversationId().equals(conversationId)) {
      return Optional.empty();
    }
    Card card =
        new Card(
            activityId,
            conversationId,
            old.version() + 1,
            old.postedAt(),
            now,
            activity.deepCopy());
    cards.put(activityId, card);
    return Optional.of(card);
  }

  /** Every activity, oldest first, each in its latest version. */
  public synchronized List<Card> all() {
    return List.copyOf(cards.values());
  }

  /** The newest card's Action.Execute for this Strata action and verb. */
  public synchronized Optional<ExecuteAction> button(String actionId, String verb) {
    List<Card> newestFirst = new ArrayList<>(cards.values());
    java.util.Collections.reverse(newestFirst);
    return newestFirst.stream()
        .flatMap(c -> c.buttons().stream())
        .filter(b -> b.verb().equals(verb) && b.actionId().equals(actionId))
        .findFirst();
  }

  /** The JSON of GET /teams/cards. */
  public ArrayNode toJson() {
    ArrayNode out = JSON.createArrayNode();
    for (Card card : all()) {
      ObjectNode node = out.addObject();
      node.put("id", card.activityId());
      node.put("conversation_id", card.conversationId());
      node.put("version", card.version());
      node.put("posted_at", card.postedAt().toString());
      node.put("updated_at", card.updatedAt().toString());
      node.set("activity", card.activity().deepCopy());
    }
    return out;
  }
}
