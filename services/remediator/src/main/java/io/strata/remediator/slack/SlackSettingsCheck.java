package io.strata.remediator.slack;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Slack approval is all or nothing: enabled without its secrets, the service must not start. */
public final class SlackSettingsCheck {

  private SlackSettingsCheck() {}

  /** The problems with the Slack settings; empty when usable (or Slack is off). */
  public static List<String> problems(
      boolean enabled,
      Optional<String> webhookUrl,
      Optional<String> signingSecret,
      Optional<Set<String>> allowedUsers) {
    List<String> problems = new ArrayList<>();
    if (!enabled) {
      return problems;
    }
    if (signingSecret.filter(s -> !s.isBlank()).isEmpty()) {
      problems.add(
          "strata.remediator.slack.signing-secret is not set (SLACK_SIGNING_SECRET): without it"
              + " button clicks cannot be verified. Set it, or set"
              + " strata.remediator.slack.enabled=false to run without Slack approvals.");
    }
    if (webhookUrl.filter(s -> s.startsWith("http://") || s.startsWith("https://")).isEmpty()) {
      problems.add(
          "strata.remediator.slack.webhook-url is not an http(s) URL (SLACK_WEBHOOK_URL): plans"
              + " cannot be posted.");
    }
    if (allowedUsers.filter(u -> !u.isEmpty()).isEmpty()) {
      problems.add(
          "strata.remediator.slack.allowed-users is empty: nobody could approve from Slack.");
    }
    return problems;
  }
}
