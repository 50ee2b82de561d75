package io.strata.correlator.core.incident;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.events.Correlation;
import io.strata.events.alert.AlertEvent;
import io.strata.events.incident.AlertEvidence;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the correlator takes of an Alertmanager alert: its evidence entry, where it points, and the
 * first opening rule (by name) whose every label matches the alert's exactly.
 */
public final class AlertRules {

  /** A summary longer than this is cut: an incident keeps several alerts and stays small. */
  static final int SUMMARY_LIMIT = 500;

  private final CorrelatorSettings.Alerts settings;

  public AlertRules(CorrelatorSettings.Alerts settings) {
    this.settings = settings;
  }

  /** The alert as the incident sides use it; the cluster falls back to the receiver's. */
  public AlertNotice notice(AlertEvent alert) {
    Objects.requireNonNull(alert.fingerprint(), "an alert without its fingerprint");
    Correlation correlation =
        alert.correlation().cluster() == null
            ? alert.correlation().withCluster(alert.cluster())
            : alert.correlation();
    return new AlertNotice(
        evidence(alert),
        correlation,
        blankToNull(alert.gpuUuid()),
        opening(alert.labels()).orElse(null));
  }

  /** The first rule, in name order, whose every {@code match} label the alert carries. */
  public Optional<AlertOpening> opening(Map<String, String> labels) {
    for (Map.Entry<String, CorrelatorSettings.AlertRule> rule : settings.rules().entrySet()) {
      if (matches(rule.getValue().match(), labels)) {
        return Optional.of(
            new AlertOpening(
                rule.getKey(), rule.getValue().incidentClass(), rule.getValue().severity()));
      }
    }
    return Optional.empty();
  }

  /** The alert's entry among an incident's evidence. */
  public static AlertEvidence evidence(AlertEvent alert) {
    return new AlertEvidence(
        alert.fingerprint(),
        alert.alertName(),
        alert.status(),
        alert.severity(),
        summary(alert.annotations()),
        alert.startsAt(),
        alert.endsAt(),
        alert.generatorUrl());
  }

  private static boolean matches(Map<String, String> match, Map<String, String> labels) {
    return match.entrySet().stream().allMatch(m -> m.getValue().equals(labels.get(m.getKey())));
  }

  /** Alertmanager's convention: {@code summary}, else {@code description}. */
  private static String summary(Map<String, String> annotations) {
    String text = blankToNull(annotations.get("summary"));
    if (text == null) {
      text = blankToNull(annotations.get("description"));
    }
    if (text == null || text.length() <= SUMMARY_LIMIT) {
      return text;
    }
    int end = SUMMARY_LIMIT - 1;
    // Never half a surrogate pair: a lone surrogate is written as bytes no reader takes back.
    if (Character.isHighSurrogate(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(0, end) + "…";
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }
}
