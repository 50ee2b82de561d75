package io.strata.feed;

import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.ReviewRecord;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import io.strata.journal.signature.JournalVerification;
import io.strata.journal.signature.JournalVerifier;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The feed's memory: it turns a stream of records from the incident, remediation and review topics
 * into lines, one per step. Incidents are republished on every update, so a line is printed only
 * when an incident's state changes, and an action's only when its state does. With verification
 * keys, every action line ends in VERIFIED or UNVERIFIED(reason) (the {@code strata-integrity}
 * signature, ADR 052); an unverified record is always printed and never becomes the action's state.
 */
public final class Feed {

  /** The topics the feed follows. */
  public static final List<Topic<String, ?>> TOPICS =
      List.of(Topics.INCIDENTS, Topics.REMEDIATION, Topics.REVIEWS);

  private final Map<String, IncidentState> incidentStates = new HashMap<>();
  private final Map<String, ActionState> actionStates = new HashMap<>();
  private final Consumer<String> out;
  private final Optional<JournalVerifier> verifier;
  private int reviews;

  public Feed(Consumer<String> out) {
    this(out, Optional.empty());
  }

  /** A feed that checks action records' signatures with {@code verifier}, when present. */
  public Feed(Consumer<String> out, Optional<JournalVerifier> verifier) {
    this.out = out;
    this.verifier = verifier;
  }

  /** Handles one raw record without headers. */
  public void accept(String topic, byte[] value, long offset) {
    accept(topic, value, offset, null);
  }

  /**
   * Handles one raw record; {@code integrityTag} is its {@code strata-integrity} header (null
   * without one). Unreadable records are reported as a line and skipped, never fatal.
   */
  public void accept(String topic, byte[] value, long offset, String integrityTag) {
    if (value == null) {
      return;
    }
    Optional<Topic<?, ?>> known = Topics.byName(topic);
    if (known.isEmpty()) {
      return;
    }
    Object event;
    try {
      event = known.get().valueSerde().deserializer().deserialize(topic, value);
    } catch (RuntimeException e) {
      out.accept("unreadable record on " + topic + " at offset " + offset + ": " + e.getMessage());
      return;
    }
    if (event instanceof Incident incident) {
      onIncident(incident);
    } else if (event instanceof RemediationAction action) {
      onAction(action, integrityTag);
    } else if (event instanceof ReviewRecord review) {
      reviews++;
      out.accept(FeedFormatter.review(review));
    }
  }

  /** How many review records have been printed: the demo waits for the first. */
  public int reviews() {
    return reviews;
  }

  private void onIncident(Incident incident) {
    IncidentState previous = incidentStates.put(incident.incidentId(), incident.state());
    if (previous != incident.state()) {
      out.accept(FeedFormatter.incident(incident));
    }
  }

  private void onAction(RemediationAction action, String integrityTag) {
    if (verifier.isEmpty()) {
      ActionState previous = actionStates.put(action.actionId(), action.state());
      if (previous != action.state()) {
        out.accept(FeedFormatter.action(action));
      }
      return;
    }
    JournalVerification verification = verifier.get().verify(action, integrityTag);
    if (!verification.verified()) {
      out.accept(FeedFormatter.action(action, "UNVERIFIED(" + verification.reason() + ")"));
      return;
    }
    ActionState previous = actionStates.put(action.actionId(), action.state());
    if (previous != action.state()) {
      out.accept(FeedFormatter.action(action, "VERIFIED"));
    }
  }
}
