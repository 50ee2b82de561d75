package io.strata.remediator.core.pagerduty;

import io.strata.events.incident.Severity;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** PagerDuty is all or nothing: enabled without a usable key or URL, the service must not start. */
public final class PagerDutySettingsCheck {

  /** An Events API v2 integration key's length (PagerDuty's "Send an Alert Event"). */
  public static final int ROUTING_KEY_LENGTH = 32;

  private PagerDutySettingsCheck() {}

  public record Settings(
      boolean enabled, String eventsUrl, Optional<String> routingKey, Severity minSeverity) {}

  /**
   * The problems with the settings, each naming its key; empty when usable (or PagerDuty is off).
   */
  public static List<String> problems(Settings s) {
    List<String> problems = new ArrayList<>();
    if (!s.enabled()) {
      return problems;
    }
    Optional<String> key = s.routingKey().filter(k -> !k.isBlank());
    if (key.isEmpty()) {
      problems.add(
          "strata.remediator.pagerduty.routing-key is not set (PAGERDUTY_ROUTING_KEY): events"
              + " cannot be routed. Set it, or set strata.remediator.pagerduty.enabled=false.");
    } else if (key.get().length() != ROUTING_KEY_LENGTH) {
      // The length only: the key is a secret.
      problems.add(
          "strata.remediator.pagerduty.routing-key (PAGERDUTY_ROUTING_KEY) has "
              + key.get().length()
              + " characters; an Events API v2 integration key has 32.");
    }
    if (!isHttp(s.eventsUrl())) {
      problems.add(
          "strata.remediator.pagerduty.events-url is not an absolute http(s) URL: '"
              + s.eventsUrl()
              + "'.");
    }
    if (s.minSeverity() == Severity.UNSPECIFIED) {
      problems.add(
          "strata.remediator.pagerduty.min-severity is UNSPECIFIED; use INFO, WARNING or"
              + " CRITICAL.");
    }
    return problems;
  }

  private static boolean isHttp(String url) {
    try {
      URI uri = URI.create(url);
      return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
          && uri.getHost() != null;
    } catch (IllegalArgumentException | NullPointerException e) {
      return false;
    }
  }
}
