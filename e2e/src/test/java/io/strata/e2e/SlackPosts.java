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

  /** When the first post mentioning {@code text} arrived, if one did. */
  Optional<Instant> firstMentioning(String text) {
    JsonNode messages = Http.getJson(messagesUrl);
    if (messages == null) {
      return Optional.empty();
    }
    for (JsonNode message : messages) {
      if (message.path("body").toString().contains(text)) {
        return Optional.of(Instant.parse(message.path("received_at").asText()));
      }
    }
    return Optional.empty();
  }

  int count() {
    JsonNode messages = Http.getJson(messagesUrl);
    return messages == null ? 0 : messages.size();
  }
}
