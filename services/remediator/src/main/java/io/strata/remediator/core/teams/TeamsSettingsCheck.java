package io.strata.remediator.core.teams;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Teams is all or nothing: enabled without what its mode needs, the service must not start. */
public final class TeamsSettingsCheck {

  private TeamsSettingsCheck() {}

  /** The settings one mode needs; {@code bot} false means WORKFLOWS. */
  public record Settings(
      boolean enabled,
      boolean bot,
      Optional<String> appId,
      Optional<String> appPassword,
      Optional<String> serviceUrl,
      Optional<String> conversationId,
      Optional<Set<String>> allowedApprovers,
      Optional<String> workflowsWebhookUrl) {}

  /** The problems with the Teams settings; empty when usable (or Teams is off). */
  public static List<String> problems(Settings s) {
    List<String> problems = new ArrayList<>();
    if (!s.enabled()) {
      return problems;
    }
    if (!s.bot()) {
      if (!isHttp(s.workflowsWebhookUrl())) {
        problems.add(
            "strata.remediator.teams.workflows-webhook-url is not an http(s) URL"
                + " (TEAMS_WORKFLOWS_WEBHOOK_URL): cards cannot be posted.");
      }
      return problems;
    }
    if (blank(s.appId())) {
      problems.add(
          "strata.remediator.teams.app-id is not set (TEAMS_APP_ID): inbound tokens cannot be"
              + " checked for their audience. Set it, or set strata.remediator.teams.enabled=false.");
    }
    if (blank(s.appPassword())) {
      problems.add(
          "strata.remediator.teams.app-password is not set (TEAMS_APP_PASSWORD): the connector"
              + " cannot be called.");
    }
    if (!isHttp(s.serviceUrl())) {
      problems.add(
          "strata.remediator.teams.service-url is not an http(s) URL (TEAMS_SERVICE_URL).");
    }
    if (blank(s.conversationId())) {
      problems.add(
          "strata.remediator.teams.conversation-id is not set (TEAMS_CONVERSATION_ID): plans"
              + " have nowhere to go.");
    }
    if (s.allowedApprovers().filter(a -> !a.isEmpty()).isEmpty()) {
      problems.add(
          "strata.remediator.teams.allowed-approvers is empty: nobody could approve from Teams.");
    }
    return problems;
  }

  private static boolean blank(Optional<String> value) {
    return value.filter(v -> !v.isBlank()).isEmpty();
  }

  private static boolean isHttp(Optional<String> url) {
    return url.filter(u -> u.startsWith("http://") || u.startsWith("https://")).isPresent();
  }
}
