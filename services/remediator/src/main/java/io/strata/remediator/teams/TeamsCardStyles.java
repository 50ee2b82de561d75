package io.strata.remediator.teams;

import io.strata.loglinks.LogLinks;
import io.strata.remediator.config.RemediatorConfig;
import io.strata.remediator.core.teams.CardStyle;
import java.util.ArrayList;
import java.util.List;

/**
 * The card style of this deployment: its button kind, console link, guards in words and log links.
 */
final class TeamsCardStyles {

  private TeamsCardStyles() {}

  static CardStyle of(RemediatorConfig config, LogLinks logLinks) {
    RemediatorConfig.Teams teams = config.teams();
    List<String> guards = new ArrayList<>();
    if (config.dryRun()) {
      guards.add("Dry run: actions are recorded, nothing is executed.");
    }
    guards.add(
        "Blast radius: at most "
            + config.blastRadius().maxNodes()
            + " node(s) and "
            + config.blastRadius().maxPercent()
            + "% of GPU nodes cordoned per "
            + config.blastRadius().window()
            + ".");
    guards.add(
        "Rate limit: at most "
            + config.rateLimit().maxActions()
            + " action(s) per workload per "
            + config.rateLimit().window()
            + ".");
    guards.add(
        "Approval binds the SHA-256 of the patch shown"
            + (config.approval().ttl().isZero()
                ? "."
                : " and expires after " + config.approval().ttl() + "."));
    guards.add("A global pause refuses every approved action while set.");
    return new CardStyle(
        teams.mode() == RemediatorConfig.TeamsMode.BOT
            ? CardStyle.Buttons.EXECUTE
            : CardStyle.Buttons.OPEN_URL,
        teams.consoleUrl().filter(u -> !u.isBlank()),
        guards,
        logLinks);
  }
}
