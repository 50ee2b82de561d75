package io.strata.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.Optional;

/** What the remediator posted to the simulator's Slack stand-in ({@code GET /slack/messages}). */
final class SlackPosts {

  private final String messagesUrl;

  SlackPosts(String messagesUrl) {
    this.messagesUrl = messagesUrl;
  }

  /**
   * When the first post mentioning {@code text} arrived at or after {@code notBefore}, if one did:
   * a relapse the correlator reopens under the same incident id is announced again (per episode),
   * and the earlier episode's post must not count as this fault's (it made the latency negative).
   */
  Optional<Instant> firstMentioning(String text, Instant notBefore) {
    JsonNode messages = Http.getJson(messagesUrl);
    if (messages == null) {
      return Optional.empty();
    }
    for (JsonNode message : messages) {
      if (message.path("body").toString().contains(text)) {
        Instant received = Instant.parse(message.path("received_at").asText());
        if (!received.isBefore(notBefore)) {
          return Optional.of(received);
        }
      }
    }
    return Optional.empty();
  }

  /** Every post mentioning {@code text}, as the stand-in received its JSON body. */
  java.util.List<String> bodiesMentioning(String text) {
    JsonNode messages = Http.getJson(messagesUrl);
    java.util.List<String> bodies = new java.util.ArrayList<>();
    if (messages != null) {
      for (JsonNode message : messages) {
        String body = message.path("body").toString();
        if (body.contains(text)) {
          bodies.add(body);
        }
      }
    }
    return bodies;
  }

  int count() {
    JsonNode messages = Http.getJson(messagesUrl);
    return messages == null ? 0 : messages.size();
  }
}
