package io.strata.traceingest.alert;

import io.strata.events.alert.AlertEvent;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * The CloudEvents id of an alert record, derived from what makes it news (fingerprint, status,
 * start, end): a record published again (a retried notification, a repeat after a restart) carries
 * the same ce_id, so a consumer can drop it as a repeat.
 */
public final class AlertEventIds {

  private AlertEventIds() {}

  public static String ceId(AlertEvent event) {
    String identity =
        "alertmanager/"
            + event.fingerprint()
            + "/"
            + event.status()
            + "/"
            + event.startsAt()
            + "/"
            + event.endsAt();
    return UUID.nameUUIDFromBytes(identity.getBytes(StandardCharsets.UTF_8)).toString();
  }
}
