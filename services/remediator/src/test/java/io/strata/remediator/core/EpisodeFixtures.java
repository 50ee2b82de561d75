package io.strata.remediator.core;

import io.strata.events.incident.Incident;
import java.time.Instant;

/** Incidents as the correlator publishes them after a reopen: same id, a later episode. */
public final class EpisodeFixtures {

  private EpisodeFixtures() {}

  public static Incident inEpisode(Incident i, int episode, Instant reopenedAt) {
    return new Incident(
        i.incidentId(),
        i.revision(),
        i.incidentClass(),
        i.severity(),
        i.state(),
        i.summary(),
        i.correlation(),
        i.scope(),
        i.trigger(),
        i.longestStage(),
        i.evidence(),
        i.suggestedActions(),
        i.openedAt(),
        i.updatedAt(),
        i.resolvedAt(),
        i.timeToRecoverMillis(),
        episode,
        reopenedAt);
  }
}
