package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The text views name the episode of a reopened incident and of its actions, and only then. */
class EpisodeTextTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theListMarksAReopenedIncidentsEpisode() throws Exception {
    JsonNode list =
        JSON.readTree(
            """
            {"incidents":[
              {"incident_id":"inc-1","state":"OPEN","age_seconds":5,"pending_actions":1,
               "episode":2,"reopened_at":"2026-12-01T10:10:00Z"},
              {"incident_id":"inc-2","state":"OPEN","age_seconds":5,"episode":1}],"total":2}""");

    String text = TextViews.incidents(list);

    assertThat(text).contains("(1 to approve)  episode 2");
    assertThat(text.lines().filter(l -> l.contains("inc-2"))).noneMatch(l -> l.contains("episode"));
  }

  @Test
  void thePageSaysWhenTheEpisodeBeganAndWhichActionsAreItsOwn() throws Exception {
    JsonNode page =
        JSON.readTree(
            """
            {"row":{"incident_id":"inc-1","state":"OPEN","severity":"CRITICAL",
              "incident_class":"DEVICE_FAULT","age_seconds":700,"episode":2,
              "reopened_at":"2026-12-01T10:10:00Z"},
             "plan":[
              {"step":1,"type":"CORDON_NODE","state":"REVERTED","target":"Node/n1",
               "action_id":"act-a","episode":1},
              {"step":1,"type":"CORDON_NODE","state":"PROPOSED","target":"Node/n1",
               "action_id":"act-b","episode":2}]}""");

    String text = TextViews.page(page);

    assertThat(text)
        .contains("age 11m  episode 2, reopened 2026-12-01T10:10:00Z")
        .contains("Node/n1  act-b  episode 2");
    assertThat(text.lines().filter(l -> l.contains("act-a"))).noneMatch(l -> l.contains("episode"));
  }
}
