package io.strata.events.incident;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.events.EventSamples;
import io.strata.events.json.StrataJson;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.ReviewRecord;
import io.strata.events.topic.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Records written before episodes existed read as the first episode, and the episode survives the
 * topics' serdes (incident, action and review alike).
 */
class EpisodeCompatibilityTest {

  @Test
  void anIncidentWithoutEpisodeReadsAsTheFirstEpisode() {
    String old =
        """
        {"incident_id":"inc-old","revision":3,"incident_class":"DEVICE_FAULT","state":"OPEN",
         "opened_at":"2026-11-30T10:00:00Z","updated_at":"2026-11-30T10:01:00Z"}
        """;

    Incident incident =
        Topics.INCIDENTS
            .valueSerde()
            .deserializer()
            .deserialize(Topics.INCIDENTS.name(), old.getBytes(StandardCharsets.UTF_8));

    assertThat(incident.episode()).isEqualTo(1);
    assertThat(incident.reopenedAt()).isNull();
    assertThat(incident.episodeStartedAt()).isEqualTo(Instant.parse("2026-11-30T10:00:00Z"));
  }

  @Test
  void aReopenedIncidentKeepsItsEpisodeAndStart() throws Exception {
    Incident reopened = EventSamples.incident();
    byte[] json = Topics.INCIDENTS.valueSerde().serializer().serialize("t", reopened);

    JsonNode tree = StrataJson.mapper().readTree(json);
    assertThat(tree.path("episode").asInt()).isEqualTo(2);
    assertThat(tree.path("reopened_at").asText()).isEqualTo("2026-03-14T09:28:53.589793238Z");
    Incident read = Topics.INCIDENTS.valueSerde().deserializer().deserialize("t", json);
    assertThat(read.episode()).isEqualTo(2);
    assertThat(read.episodeStartedAt()).isEqualTo(reopened.reopenedAt());
  }

  @Test
  void anEpisodeBelowOneIsTheFirstAndWithEpisodeChangesNothingElse() {
    Incident sample = EventSamples.incident();

    assertThat(sample.withEpisode(0, null).episode()).isEqualTo(1);
    Incident third = sample.withEpisode(3, sample.updatedAt());
    assertThat(third.episode()).isEqualTo(3);
    assertThat(third.withEpisode(2, sample.reopenedAt())).isEqualTo(sample);
  }

  @Test
  void anActionAndAReviewWithoutEpisodeReadAsTheFirstEpisode() {
    String action =
        """
        {"action_id":"act-0123456789abcdef0123","incident_id":"inc-old","step":1,
         "type":"CORDON_NODE","state":"PROPOSED"}
        """;
    String review =
        """
        {"incident_id":"inc-old","incident_class":"DEVICE_FAULT","outcome":"RECOVERED"}
        """;

    RemediationAction readAction =
        Topics.REMEDIATION
            .valueSerde()
            .deserializer()
            .deserialize(Topics.REMEDIATION.name(), action.getBytes(StandardCharsets.UTF_8));
    ReviewRecord readReview =
        Topics.REVIEWS
            .valueSerde()
            .deserializer()
            .deserialize(Topics.REVIEWS.name(), review.getBytes(StandardCharsets.UTF_8));

    assertThat(readAction.episode()).isEqualTo(1);
    assertThat(readReview.episode()).isEqualTo(1);
    // Nor log_links (a later addition): none.
    assertThat(readReview.logLinks()).isEmpty();
  }
}
