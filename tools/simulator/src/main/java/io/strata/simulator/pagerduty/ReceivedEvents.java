package io.strata.simulator.pagerduty;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Every event the stand-in accepted, in the order it accepted them. */
public final class ReceivedEvents {

  /**
   * One accepted event.
   *
   * @param sequence 1 for the first event accepted
   * @param dedupKey the event's, or the one the stand-in generated for a trigger without one
   * @param body the event as posted
   */
  public record Event(
      long sequence, Instant receivedAt, String action, String dedupKey, JsonNode body) {}

  private static final ObjectMapper JSON = new ObjectMapper();

  private final List<Event> events = new ArrayList<>();

  synchronized Event add(String action, String dedupKey, JsonNode body, Instant now) {
    Event event = new Event(events.size() + 1L, now, action, dedupKey, body.deepCopy());
    events.add(event);
    return event;
  }

  /** Every event, oldest first. */
  public synchronized List<Event> all() {
    return List.copyOf(events);
  }

  /** The event actions of one alert (dedup_key), in order: e.g. trigger, acknowledge, resolve. */
  public synchronized List<String> actions(String dedupKey) {
    return events.stream().filter(e -> e.dedupKey().equals(dedupKey)).map(Event::action).toList();
  }

  /** The JSON of GET /pagerduty/events. */
  public ArrayNode toJson() {
    ArrayNode out = JSON.createArrayNode();
    for (Event event : all()) {
      ObjectNode node = out.addObject();
      node.put("sequence", event.sequence());
      node.put("received_at", event.receivedAt().toString());
      node.put("event_action", event.action());
      node.put("dedup_key", event.dedupKey());
      node.set("event", event.body().deepCopy());
    }
    return out;
  }
}
